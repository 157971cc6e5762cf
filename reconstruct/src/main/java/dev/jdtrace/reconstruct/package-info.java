/**
 * Reconstruct: session streams read and matched per thread, decoded into the full path
 * ({@link dev.jdtrace.reconstruct.Reconstruction}), and trace weights for the next plan.
 */
package dev.jdtrace.reconstruct;
