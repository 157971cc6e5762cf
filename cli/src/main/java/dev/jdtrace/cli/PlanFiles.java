package dev.jdtrace.cli;

import dev.jdtrace.distribute.PlanFile;
import dev.jdtrace.distribute.PlanFileException;
import java.nio.file.Path;

/** Reads the plan file that {@code collect} and {@code merge} are given, telling users how to write one. */
final class PlanFiles {

  private PlanFiles() {
  }

  /** The plan in this file; a file that is no plan is an error that says which command writes one. */
  static PlanFile read(final Path file) {
    try {
      return PlanFile.read(file);
    } catch (final PlanFileException e) {
      throw new IllegalArgumentException(e.getMessage() + " (write one with jdtrace plan)", e);
    }
  }
}
