/**
 * Realizability of a distribution of witnesses over several debugger sessions (seed paper, Theorem 2) and the
 * multi-stream reconstruction walk that it guarantees. Works on {@link dev.jdtrace.plan.optimal.FlowGraph}
 * and reuses its FIRST sets ({@link dev.jdtrace.plan.optimal.FirstWitnesses}).
 */
package dev.jdtrace.distribute.realizable;
