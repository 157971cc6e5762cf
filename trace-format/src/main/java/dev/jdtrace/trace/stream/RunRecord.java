package dev.jdtrace.trace.stream;

import java.util.ArrayList;
import java.util.List;

/**
 * How a collected session's run went, so that parts of different runs are never merged: the plan's identity
 * covers the traced bytecode only, and two runs of it can still take different paths (another library class,
 * another input, another environment).
 *
 * @param exitCode the program's exit status
 * @param stdinSha256 hex SHA-256 of the standard input replayed to it
 * @param stdoutSha256 hex SHA-256 of what it wrote to standard output
 * @param stderrSha256 hex SHA-256 of what it wrote to standard error
 * @param untracedClassesSha256 hex SHA-256 of the untraced class files its class path holds (the
 *     application's: the JDK is not on it), by binary name, the first of each name in class path order
 */
public record RunRecord(int exitCode, String stdinSha256, String stdoutSha256, String stderrSha256,
    String untracedClassesSha256) {

  /** What differs between this run and another, in words ("exit status (0 and 1)", "standard output"); empty if none. */
  public List<String> differences(final RunRecord other) {
    final List<String> out = new ArrayList<>();
    if (exitCode != other.exitCode) {
      out.add("exit status (" + exitCode + " and " + other.exitCode + ")");
    }
    if (!stdinSha256.equals(other.stdinSha256)) {
      out.add("standard input");
    }
    if (!stdoutSha256.equals(other.stdoutSha256)) {
      out.add("standard output");
    }
    if (!stderrSha256.equals(other.stderrSha256)) {
      out.add("standard error");
    }
    if (!untracedClassesSha256.equals(other.untracedClassesSha256)) {
      out.add("untraced class files");
    }
    return out;
  }
}
