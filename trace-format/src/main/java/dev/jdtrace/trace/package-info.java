/**
 * The trace file: a dictionary of classes, methods and blocks, then per-thread block streams.
 *
 * <p>Module {@code trace-format} owns the files that cross stages: this package (what merge writes and
 * every reader reads), the session streams of {@code dev.jdtrace.trace.stream} (what collect writes and
 * merge reads) and {@link dev.jdtrace.trace.BlockKey}. The module needs only the program model of
 * {@code plan}, so {@code analysis} and other readers of traces need neither the distributor, the JDI
 * driver nor the decoder.
 */
package dev.jdtrace.trace;
