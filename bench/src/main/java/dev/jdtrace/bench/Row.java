package dev.jdtrace.bench;

import java.util.Comparator;
import java.util.List;

/**
 * The repeated runs of one configuration on one workload, summarised: wall time as median, min and max; the
 * peak memory as the median; the counts from the first run (they are the same on every run of a deterministic
 * program); the check as the worst seen (any mismatch or failure shows).
 *
 * @param workload the workload
 * @param config the configuration
 * @param samples every run, in order
 */
record Row(Workload workload, Config config, List<Sample> samples) {

  Row {
    samples = List.copyOf(samples);
    if (samples.isEmpty()) {
      throw new IllegalArgumentException("a row needs at least one run");
    }
  }

  int runs() {
    return samples.size();
  }

  long medianWall() {
    return median(samples.stream().map(Sample::wallMillis).sorted().toList());
  }

  long minWall() {
    return samples.stream().mapToLong(Sample::wallMillis).min().orElseThrow();
  }

  long maxWall() {
    return samples.stream().mapToLong(Sample::wallMillis).max().orElseThrow();
  }

  long peakKb() {
    return median(samples.stream().map(Sample::peakKb).sorted().toList());
  }

  /** jdtrace's figures of the first successful run, or null. */
  JdtraceStats stats() {
    return samples.stream().map(Sample::stats).filter(s -> s != null).findFirst().orElse(null);
  }

  long steps() {
    return samples.get(0).steps();
  }

  boolean ok() {
    return samples.stream().noneMatch(s -> s.failed() || s.check().equals(Sample.MISMATCH));
  }

  /** The worst check over the runs: a failure, then a mismatch, then the rest. */
  String check() {
    return samples.stream().map(Sample::check).max(Comparator.comparingInt(Row::severity)).orElseThrow();
  }

  private static int severity(final String check) {
    return check.startsWith("FAILED") ? 3 : check.equals(Sample.MISMATCH) ? 2 : 0;
  }

  /** The median of an ascending list (the mean of the middle two for an even count). */
  static long median(final List<Long> sorted) {
    final int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
