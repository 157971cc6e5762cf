/**
 * Realizability of a distribution of witnesses over several debugger sessions (seed paper, Theorem 2) and the
 * multi-stream reconstruction walk that it guarantees. Works on {@link dev.jdtrace.profiler.optimal.FlowGraph}
 * and reuses its FIRST sets ({@link dev.jdtrace.profiler.optimal.FirstWitnesses}).
 */
package dev.jdtrace.distributor.realizable;
