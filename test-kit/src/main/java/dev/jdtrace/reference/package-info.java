/**
 * The independent stepping reference ({@link dev.jdtrace.reference.SteppingReference}, and {@link
 * dev.jdtrace.reference.CallsReference} for calls): the exact block path of a small program found by
 * single-stepping it with JDI, sharing no code with jdtrace (only the JDK and BCEL's class-file parser).
 *
 * <p>Module {@code test-kit} owns what the tests of several modules check jdtrace against. Its main code is
 * the kit; its classes keep the packages of the code they serve:
 * <ul>
 *   <li>{@code dev.jdtrace.plan.optimal}: generated and seed-paper flow graphs ({@code FlowGraphs},
 *       {@code StructuredGraphs}, {@code SeedFigures}), executions over them ({@code Executions}) and the
 *       seed's reference path decoder ({@code PathDecoder} and its exceptions), for the optimal profile's,
 *       the distributor's and the walk's property tests;</li>
 *   <li>{@code dev.jdtrace.reconstruct.walk.GeneratedProgram}: random whole programs, for the walk's
 *       property tests and bench's planning benchmark;</li>
 *   <li>{@code dev.jdtrace.analysis}: {@code HandTraces}, traces built by hand with the real writer, and {@code
 *       ReportXml}, a reader of the HTML report, for analysis's and cli's tests;</li>
 *   <li>this package: the stepping reference, for cli's end-to-end exactness tests.</li>
 * </ul>
 *
 * <p>The kit needs only {@code plan} and {@code trace-format}, so every module above them tests
 * with it (bench's main code uses it too). A class only one module's tests use stays in that module (the
 * walk's {@code Simulator}, the distributor's {@code DistributedPathDecoder} and {@code
 * DistributionRealizability}). plan's own tests cannot use the kit: plan → test-kit →
 * plan is a cycle Maven refuses. So the tests that need the kit's decoder and graphs, plan's
 * tests of the optimal profile (Theorem 1, the seed's Figs. 4, 9 and 10, weights), are the kit's own tests,
 * beside the decoder they check against; so are this package's tests, which step through test-programs.
 */
package dev.jdtrace.reference;
