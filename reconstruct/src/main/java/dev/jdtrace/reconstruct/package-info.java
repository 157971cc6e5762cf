/**
 * Reconstruct: session streams read and matched per thread (by name for launched programs, by start stack
 * and rank for attached JVMs: {@link dev.jdtrace.reconstruct.AttachedThreads}), decoded into the full path
 * ({@link dev.jdtrace.reconstruct.Reconstruction}), and trace weights for the next plan. {@code BlockKey}
 * of this package, the trace file and the session streams live in module {@code trace-format}.
 */
package dev.jdtrace.reconstruct;
