package dev.jdtrace.tracer;

import java.util.Set;

/**
 * A session ran outside what its plan covers: the run plans again ({@link TraceRun#run}). Thrown without a
 * stack trace, as a signal, never to a caller.
 */
abstract sealed class PlanAgain extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private PlanAgain() {
    super(null, null, false, false);
  }

  /** Sessions loaded classes the plan did not know: the run plans again with them. */
  static final class Unplanned extends PlanAgain {
    private static final long serialVersionUID = 1L;
    final transient PlannedClasses.Unknown classes;

    Unplanned(final PlannedClasses.Unknown classes) {
      this.classes = classes;
    }
  }

  /** A session hit sentinels: it ran methods the plan did not let run, and the run plans again with them. */
  static final class SentinelHit extends PlanAgain {
    private static final long serialVersionUID = 1L;
    final transient Set<String> methods;

    SentinelHit(final Set<String> methods) {
      this.methods = methods;
    }
  }

  /**
   * A session saw reflection enter traced methods the plan did not make entries, or called it too often to
   * watch: the run plans again with them, or as an open world.
   */
  static final class Reflected extends PlanAgain {
    private static final long serialVersionUID = 1L;
    final transient Set<String> methods;
    final boolean tooMany;

    Reflected(final Set<String> methods, final boolean tooMany) {
      this.methods = methods;
      this.tooMany = tooMany;
    }
  }

  /**
   * The sessions may have read input that came after the plan was made, which the cached entries from
   * untraced code were not learned from: the run plans again without them.
   */
  static final class InputGrew extends PlanAgain {
    private static final long serialVersionUID = 1L;
  }
}
