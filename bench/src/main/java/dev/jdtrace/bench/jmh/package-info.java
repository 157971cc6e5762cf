/**
 * JMH benchmarks of the two steps that run off the target: merging session streams into a trace
 * ({@link dev.jdtrace.bench.jmh.MergeBenchmark}; planning is {@code dev.jdtrace.reconstruct.walk.PlanningBenchmark},
 * next to the generator it reuses), and {@link dev.jdtrace.bench.jmh.JmhSuite}, which runs them for the report.
 */
package dev.jdtrace.bench.jmh;
