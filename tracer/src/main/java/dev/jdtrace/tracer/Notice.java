package dev.jdtrace.tracer;

import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.distribute.Strategy;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A notice the pipeline gives about a choice the caller could make otherwise. It carries the numbers and
 * names; {@link #describe()} says it in the pipeline's terms, and a caller that knows how the user makes that
 * choice (a command's options) words it through {@link Wording}.
 */
public sealed interface Notice {

  /** The notice in the pipeline's terms, naming no option. */
  String describe();

  /** Gives the notice to {@code info}: worded by it when it words notices, else as {@link #describe()} says. */
  static void tell(final Consumer<String> info, final Notice notice) {
    info.accept(info instanceof Wording w ? w.word(notice) : notice.describe());
  }

  /** A notice consumer that words notices itself, in terms of how its user makes the choice. */
  interface Wording extends Consumer<String> {
    /** One line for the notice. */
    String word(Notice notice);
  }

  /**
   * No include patterns were given, so the classes of the program's own entry are traced.
   *
   * @param patterns the patterns used
   * @param entry the classpath entry the program starts from
   */
  record DefaultIncludes(List<String> patterns, Path entry) implements Notice {
    public DefaultIncludes {
      patterns = List.copyOf(patterns);
    }

    @Override
    public String describe() {
      return "tracing " + String.join(", ", patterns) + " (the classes of " + entry + ")";
    }
  }

  /**
   * No class files were given for an attach, so the traced classes are those the JVM had loaded, read over JDI.
   *
   * @param classes how many classes match
   * @param target the JVM read
   */
  /**
   * Attach without a class path reads the class files from the target's own class path, told over JDWP.
   *
   * @param readable the entries readable on this machine, which are used
   * @param told the entries the target told
   * @param target the JVM
   */
  record TargetClassPath(int readable, int told, Endpoint target) implements Notice {
    @Override
    public String describe() {
      return "reading the class files from the class path " + target + " runs with (" + readable + " of its "
          + told + " entries readable here); each session checks them against the JVM's bytecode";
    }
  }

  record LoadedClassesOnly(int classes, Endpoint target) implements Notice {
    @Override
    public String describe() {
      return "tracing the " + Plural.of(classes, "matching class") + " " + target + " has loaded, read over JDI";
    }
  }

  /**
   * The witnesses split into fewer sessions than were asked for.
   *
   * @param asked the sessions asked for
   * @param planned the sessions of the plan
   * @param jobs the jobs the decision units form, each whole in one session
   * @param strategy how the jobs were packed
   * @param cached whether the plan is a cached one, split when it was made (then {@code jobs} is not known)
   */
  record FewerSessions(int asked, int planned, int jobs, Strategy strategy, boolean cached) implements Notice {
    /** Whether there are fewer jobs than sessions asked for (else packing by hits left sessions empty). */
    public boolean tooFewJobs() {
      return !cached && jobs < asked;
    }

    @Override
    public String describe() {
      return asked + " sessions were asked for, more than the witnesses split into, so the plan has "
          + Plural.of(planned, "session") + ": " + why();
    }

    /** Why, in the pipeline's terms. */
    public String why() {
      if (cached) {
        return "as when the cached plan was made";
      }
      return tooFewJobs() ? "they form " + jobs + " job(s) that must each stay whole in one session (strategy "
          + strategy.label() + ")" : "packing by expected hits (strategy " + strategy.label() + ") left the others empty";
    }
  }

  /**
   * The trace that weighs the plan was taken of another main class; only the code both run is weighed by it.
   *
   * @param file the weights trace
   * @param ran the main class the trace ran
   * @param main the main class of this program
   */
  record ForeignWeights(Path file, String ran, String main) implements Notice {
    @Override
    public String describe() {
      return "warning: the weights trace " + file + " is a trace of " + ran + ", not of " + main
          + ": only the code both run is weighed by it";
    }
  }
}
