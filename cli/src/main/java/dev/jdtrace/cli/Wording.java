package dev.jdtrace.cli;

import dev.jdtrace.collect.GuardrailBreach;
import dev.jdtrace.collect.NoBytecodeOverJdiException;
import dev.jdtrace.collect.NoTracedClassLoadedException;
import dev.jdtrace.collect.RefusedClassesException;
import dev.jdtrace.distribute.CapTooSmallException;
import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.distribute.TooManySessionsException;
import dev.jdtrace.reconstruct.ThreadsOverlapException;
import dev.jdtrace.tracer.NoMatchingClassException;
import dev.jdtrace.tracer.Notice;
import dev.jdtrace.tracer.Plural;
import dev.jdtrace.tracer.TruncatedSessionException;
import dev.jdtrace.tracer.UnsettledLoadingException;
import dev.jdtrace.tracer.WeightsException;

/**
 * The command's words for a failure: the core modules' exceptions carry numbers and names, and only the
 * command knows which option the user can change, so the fix is worded here, in terms of its options.
 */
final class Wording {
  private Wording() {
  }

  /** One line for the user. */
  static String of(final Throwable e) {
    if (e instanceof CapTooSmallException c) {
      return "--cap " + c.cap() + " is too small: " + c.job() + "; use --cap " + c.minimum() + " or more";
    }
    if (e instanceof TooManySessionsException t) {
      return "--cap " + t.cap() + " is too small for this plan: its " + Plural.of(t.witnesses(), "witness")
          + " would need more than " + Distributor.MOST_SESSIONS + " sessions, each a run of the program; use a "
          + "larger --cap";
    }
    if (e instanceof NoMatchingClassException n) {
      final String includes = String.join(" ", n.includes());
      return n.unloaded() > 0 ? "the program loaded none of the " + Plural.of(n.unloaded(), "class") + " matching --include "
          + includes + ": nothing to trace"
          : "no class on the classpath matches --include " + includes + ": give a class name or a prefix such as "
          + "com.example.*";
    }
    if (e instanceof WeightsException w) {
      return "--weights " + w.file() + ": " + w.problem();
    }
    if (e instanceof UnsettledLoadingException) {
      return e.getMessage() + "; trace every class with --all-classes";
    }
    return attach(e);
  }

  /** The failures only {@code attach} meets. */
  private static String attach(final Throwable e) {
    if (e instanceof NoTracedClassLoadedException n) {
      final String includes = String.join(" ", n.includes());
      return n.session() < 0 ? "no class matching --include " + includes + " is loaded in " + n.target()
          + ": without --classpath only loaded classes can be traced"
          : "no class matching --include " + includes + " was loaded in " + n.target() + " by the end of session "
          + n.session() + ": check the patterns against the running code";
    }
    if (e instanceof RefusedClassesException) {
      return "without --classpath, " + e.getMessage() + "; pass --classpath with the class files the JVM runs, or "
          + "--exclude them";
    }
    if (e instanceof NoBytecodeOverJdiException) {
      return e.getMessage() + ": pass --classpath";
    }
    if (e instanceof TruncatedSessionException t) {
      return "session " + t.session() + " on " + t.target() + " was truncated: " + breach(t.breach())
          + "; its requests are removed and the target runs on; no trace written (--allow-truncated keeps the "
          + "threads that completed)";
    }
    if (e instanceof ThreadsOverlapException) {
      return e.getMessage() + " (send one request at a time, or use --sessions 1)";
    }
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }

  /** One line for a notice of the pipeline, naming the option that makes the choice otherwise. */
  static String of(final Notice notice) {
    if (notice instanceof Notice.DefaultIncludes) {
      return notice.describe() + "; use --include to choose";
    }
    if (notice instanceof Notice.LoadedClassesOnly || notice instanceof Notice.TargetClassPath) {
      return "no --classpath: " + notice.describe();
    }
    if (notice instanceof Notice.FewerSessions f) {
      return "--sessions " + f.asked() + " asks for more sessions than the witnesses split into, so the plan has "
          + Plural.of(f.planned(), "session") + ": " + f.why()
          + (f.tooFewJobs() && f.strategy() != Strategy.FINE ? "; --strategy fine may split finer" : "");
    }
    if (notice instanceof Notice.ForeignWeights w) {
      return "warning: --weights " + w.file() + " is a trace of " + w.ran() + ", not of " + w.main()
          + ": only the code both run is weighed by it";
    }
    return notice.describe();
  }

  /** A guardrail breach with the option that sets the limit. */
  static String breach(final GuardrailBreach b) {
    return b.describe() + switch (b.limit()) {
      case HITS -> " (--max-hits)";
      case RATE -> " (--max-rate)";
      case SECONDS -> " (--max-seconds)";
    };
  }
}
