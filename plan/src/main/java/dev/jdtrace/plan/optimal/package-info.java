/**
 * Intraprocedural witness planning, checking and decoding over an abstract {@link
 * dev.jdtrace.plan.optimal.FlowGraph}: the algorithms of the seed paper ("Distributed Program Tracing",
 * Saha, Dhoolia, Paul, IBM RI14005, 2014) and of Ball and Larus ("Optimally Profiling and Tracing Programs").
 *
 * <pre>
 * FlowGraph ──► BallLarusWeights / EdgeWeights.fromCounts ──► EdgeWeights
 *     │                                                        │
 *     │        OptimalNodeProfile (Fig. 11) / ConditionTargetProfile
 *     │                                                        ▼
 *     └──────────────► NodeProfileRealizability (Thm. 4) ◄── NodeProfile (witnesses, cost)
 *                               │ uses
 *                        FirstWitnesses (FIRST sets, witness-free cycles)
 * </pre>
 *
 * <p>The seed paper's oracles that production does not call (the Fig. 9 PathDecoder and its exceptions, the
 * generated flow graphs) live in module test-kit, in this package; so do this package's property tests
 * (Theorem 1, the seed's figures), which need them and which module plan cannot run without a cycle.
 *
 * <p>Every algorithm takes its inputs in the constructor, checks them for null, and computes on the first
 * getter call, caching the result (JGraphT style). None is thread-safe; results are immutable.
 */
package dev.jdtrace.plan.optimal;
