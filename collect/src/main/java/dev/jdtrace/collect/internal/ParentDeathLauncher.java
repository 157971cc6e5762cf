package dev.jdtrace.collect.internal;

import dev.jdtrace.collect.ProgramNotStartedException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Launches a target so that the kernel kills it when jdtrace dies, even by SIGKILL, when no shutdown
 * hook runs: {@code setpriv --pdeathsig KILL} (util-linux, on every Debian and Ubuntu system) sets the
 * parent-death signal and then executes the command in the same process. This needs nothing in the
 * target. Where setpriv is missing (not Linux), the command runs as it is and only the shutdown hook
 * guards it.
 */
final class ParentDeathLauncher {
  private static final Path SETPRIV = find("setpriv");

  private ParentDeathLauncher() {
  }

  /** The command, prefixed by the launcher when there is one. */
  static List<String> wrap(final List<String> command) {
    if (SETPRIV == null) {
      return command;
    }
    // With the launcher in front, a missing java would only show as the launcher's exit code 127.
    final String program = command.get(0);
    if (program.contains(File.separator) ? !Files.isExecutable(Path.of(program)) : find(program) == null) {
      throw new ProgramNotStartedException("cannot start " + program + ": no such executable (is the java command right?)");
    }
    final List<String> wrapped = new ArrayList<>(List.of(SETPRIV.toString(), "--pdeathsig", "KILL", "--"));
    wrapped.addAll(command);
    return wrapped;
  }

  private static Path find(final String name) {
    final String path = System.getenv("PATH");
    if (path == null || !System.getProperty("os.name").startsWith("Linux") && name.equals("setpriv")) {
      return null;
    }
    for (final String dir : path.split(File.pathSeparator)) {
      final Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
