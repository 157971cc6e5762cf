/**
 * The session stream ("part" file) format: per-thread witness hits, exception records, and the stack of
 * each thread that stood in traced code when the VM died. It lives in module {@code trace-format} (see
 * {@link dev.jdtrace.trace}): the JDI driver writes it and the decoder reads it.
 */
package dev.jdtrace.trace.stream;
