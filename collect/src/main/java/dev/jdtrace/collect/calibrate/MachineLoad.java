package dev.jdtrace.collect.calibrate;

import java.lang.management.ManagementFactory;

/**
 * Whether the machine was busy while the cost model was measured. A model measured under another load (a
 * second jdtrace, a build) is skewed for good once cached: measured at 28 µs per hit and a 1.00× parallel gain
 * against the usual 6 µs and 1.7×. Two signs are read: the load average against the cores, and two repeats of
 * one measurement that disagree.
 */
public final class MachineLoad {
  /** Runnable processes per core, averaged over a minute, from which the machine counts as busy. */
  static final double BUSY_PER_CORE = 0.75;
  /** How far apart two repeats of one measurement may be on an idle machine. */
  static final double REPEAT_SPREAD = 1.5;

  private MachineLoad() {
  }

  /** Why the machine is busy now, or {@code null} when it is not (or its load average is unknown). */
  public static String busyNow() {
    return busy(ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        Runtime.getRuntime().availableProcessors());
  }

  /**
   * Why a machine with this one-minute load average is busy, or {@code null}.
   *
   * @param loadAverage negative when the system does not tell it
   */
  static String busy(final double loadAverage, final int cores) {
    if (loadAverage < 0 || loadAverage < BUSY_PER_CORE * cores) {
      return null;
    }
    return String.format("load average %.1f on %d core%s", loadAverage, cores, cores == 1 ? "" : "s");
  }

  /**
   * Why two repeats of one measurement disagree, or {@code null} when they agree.
   *
   * @param what what was measured, for the reason
   */
  static String disagreement(final String what, final double a, final double b) {
    final double low = Math.min(a, b);
    final double high = Math.max(a, b);
    if (low > 0 && high <= REPEAT_SPREAD * low) {
      return null;
    }
    return String.format("two measurements of %s differ %.1f×", what, low > 0 ? high / low : Double.POSITIVE_INFINITY);
  }
}
