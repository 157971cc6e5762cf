package dev.jdtrace.bench;

/**
 * One measured run of a configuration on a workload.
 *
 * @param wallMillis wall time of the whole child process (JVM start to exit)
 * @param peakKb peak resident memory of that process in KB, -1 when unknown
 * @param stats jdtrace's figures, or {@code null} for the baselines
 * @param steps line-stepping steps recorded, or -1
 * @param check {@link #TRUTH}, {@link #EXACT}, {@link #MISMATCH}, or {@code FAILED ...} with the reason
 */
record Sample(long wallMillis, long peakKb, JdtraceStats stats, long steps, String check) {
  static final String TRUTH = "ground truth";
  static final String EXACT = "exact";
  static final String MISMATCH = "MISMATCH";
  static final String NOT_CHECKED = "-";

  boolean failed() {
    return check.startsWith("FAILED");
  }
}
