/**
 * Where commands write: every output (a trace, a part, a plan, an export, a report, the cost model cache)
 * is checked by {@link dev.jdtrace.tracer.io.OutputTarget#check} before any work, and written through
 * {@link dev.jdtrace.tracer.io.Output}:
 * <pre>
 *   -o -, /dev/stdout          standard output, written as produced
 *   device, FIFO, /dev/fd/N    written in place as produced, never replaced
 *   regular file or none       written to a hidden file beside it, synced, renamed over it only when complete
 *   symbolic link              followed: what it points to is written by the rules above, the link stays
 * </pre>
 * A failed write (a full disk, a closed pipe) is an {@link dev.jdtrace.tracer.io.OutputFailure}: unchecked, so it
 * passes through writers that would swallow an {@code IOException}, and it ends the command at once.
 */
package dev.jdtrace.tracer.io;
