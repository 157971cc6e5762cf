/** The planner's time per phase on real class files, for JMH and for profiling by hand. */
package dev.jdtrace.bench.planning;
