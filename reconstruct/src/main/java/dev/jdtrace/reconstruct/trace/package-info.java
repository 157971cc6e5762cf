/** The trace file: a dictionary of classes, methods and blocks, then per-thread block streams. */
package dev.jdtrace.reconstruct.trace;
