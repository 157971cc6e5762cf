package dev.jdtrace.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** stub. */
@Command(name = "diff")
final class DiffCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    return 0;
  }
}
