package dev.jdtrace.cli;

/** What every command's help says about its output files, kept in one place so they agree. */
final class Outputs {
  /** How an output path is written (see {@code dev.jdtrace.tracer.io}). */
  static final String HELP = "A regular file is replaced only by a complete new one; - is standard output; a "
      + "device or FIFO is written in place; a symbolic link is followed (the file it points to is replaced, the "
      + "link stays).";

  private Outputs() {
  }
}
