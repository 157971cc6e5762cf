/**
 * The scaling workload: a program generated at a chosen size, so cost can be plotted against the trace length
 * and against the number of loaded blocks separately.
 */
package dev.jdtrace.bench.scale;
