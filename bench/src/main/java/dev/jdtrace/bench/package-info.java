/**
 * The benchmark suite behind {@code bench/run.sh}: workloads (test programs, real-library drivers, a generated
 * scaling program) under configurations (the program alone, a line-stepping JDI tracer, and {@code jdtrace run}
 * with each profile, weights, sessions and caps, from the release jar {@code cli/target/jdtrace.jar}), each run
 * a child process whose wall time and debugger-side peak memory are measured and whose trace is checked
 * block-exact against all-blocks; the seed's workers study; JMH for planning and merging; then CSV, XChart
 * plots and {@code docs/benchmarks.md}.
 */
package dev.jdtrace.bench;
