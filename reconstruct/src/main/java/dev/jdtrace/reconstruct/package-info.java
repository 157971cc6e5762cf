/**
 * Reconstruct: session streams read and matched per thread (by name for launched programs, by start stack
 * and rank for attached JVMs: {@link dev.jdtrace.reconstruct.AttachedThreads}), decoded into the full path
 * ({@link dev.jdtrace.reconstruct.Reconstruction}), and trace weights for the next plan. The trace file, the
 * session streams and {@code BlockKey} live in module {@code trace-format} ({@code dev.jdtrace.trace}).
 */
package dev.jdtrace.reconstruct;
