package dev.jdtrace.cli;

import dev.jdtrace.tracer.Notice;
import dev.jdtrace.tracer.SessionProgress;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Progress and notices: one {@code jdtrace: } line each on the command's error writer, flushed at once,
 * as {@link Verbosity} asks. On a terminal (outside CI) the sessions' progress is one bar redrawn in place;
 * in CI ({@code CI=true}) or without a terminal it is one plain line per step, which logs keep readably.
 * Thread-safe: sessions report from their workers.
 */
final class Info implements SessionProgress, Notice.Wording {
  private static final int BAR = 24;
  private final PrintWriter err;
  private final boolean quiet;
  private final boolean timed;
  private final boolean terminal;
  private final long start = System.nanoTime();
  private String bar;

  Info(final PrintWriter err, final boolean quiet, final boolean timed, final boolean terminal) {
    this.err = err;
    this.quiet = quiet;
    this.timed = timed;
    this.terminal = terminal;
  }

  /** Notices for this command, as its verbosity and the terminal ask. */
  static Info to(final CommandSpec spec) {
    final Verbosity v = Verbosity.of(spec);
    return new Info(spec.commandLine().getErr(), v.quiet, v.verbose, onTerminal());
  }

  /** The writer for a command's summary lines: its error writer, or nothing when quiet. */
  static PrintWriter notices(final CommandSpec spec) {
    return Verbosity.of(spec).quiet ? new PrintWriter(OutputStream.nullOutputStream()) : spec.commandLine().getErr();
  }

  /** A progress bar needs a terminal on jdtrace's own streams, and CI logs want plain lines. */
  static boolean onTerminal() {
    return System.console() != null && !"true".equals(System.getenv("CI")) && !"dumb".equals(System.getenv("TERM"));
  }

  @Override
  public String word(final Notice notice) {
    return Wording.of(notice);
  }

  @Override
  public synchronized void accept(final String line) {
    if (quiet) {
      return;
    }
    clearBar();
    err.println(prefix() + line);
    drawBar();
    err.flush();
  }

  @Override
  public synchronized void step(final int done, final int total, final String line) {
    if (quiet) {
      return;
    }
    if (!terminal) {
      accept(line);
      return;
    }
    if (timed) {
      // Verbose keeps each session's figures above the bar.
      clearBar();
      err.println(prefix() + line);
    }
    final int filled = total == 0 ? BAR : BAR * done / total;
    bar = prefix() + "[" + "#".repeat(filled) + "-".repeat(BAR - filled) + "] " + done + "/" + total + " sessions";
    if (done >= total) {
      // The finished bar stays as a line of the log; later notices go below it.
      err.print("\r\033[K" + bar + System.lineSeparator());
      bar = null;
    } else {
      err.print("\r\033[K" + bar);
    }
    err.flush();
  }

  private String prefix() {
    return timed ? String.format(Locale.ROOT, "jdtrace [%6.1f s]: ", (System.nanoTime() - start) / 1e9) : "jdtrace: ";
  }

  private void clearBar() {
    if (terminal && bar != null) {
      err.print("\r\033[K");
    }
  }

  private void drawBar() {
    if (terminal && bar != null) {
      err.print(bar);
    }
  }
}
