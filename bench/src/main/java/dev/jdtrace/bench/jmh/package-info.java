/**
 * JMH benchmarks of the two steps that run off the target: planning
 * ({@link dev.jdtrace.bench.jmh.PlanningBenchmark} on the generated programs of test-kit,
 * {@link dev.jdtrace.bench.jmh.RealPlanningBenchmark} on real libraries) and merging session streams into a
 * trace ({@link dev.jdtrace.bench.jmh.MergeBenchmark}), and {@link dev.jdtrace.bench.jmh.JmhSuite}, which runs
 * them for the report.
 */
package dev.jdtrace.bench.jmh;
