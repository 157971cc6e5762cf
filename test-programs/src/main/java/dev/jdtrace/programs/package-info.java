/**
 * Small Java programs for jdtrace to trace, one control-flow feature family per class.
 *
 * <p>Every program listed in {@link dev.jdtrace.programs.Catalog#DETERMINISTIC} follows these rules:
 * <ul>
 *   <li><b>Deterministic.</b> For a given standard input, each run prints the same output and takes
 *       the same basic-block path in every thread. The programs never read the clock, identity hash
 *       codes or unseeded randomness, never iterate hash containers keyed by identity, and never let
 *       a thread's control flow depend on how threads interleave. Worker threads have distinct
 *       names and only the main thread prints.</li>
 *   <li><b>Small.</b> A run enters roughly 200 to 5,000 basic blocks, because the single-stepping
 *       reference that checks traces is slow. Loops run about 5 to 20 times.</li>
 *   <li><b>Self-contained.</b> The programs use only the JDK.</li>
 * </ul>
 */
package dev.jdtrace.programs;
