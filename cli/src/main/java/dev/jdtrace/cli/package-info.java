/**
 * Use: the {@code jdtrace} command, one picocli class per subcommand. A command parses its options, calls the
 * pipeline's facade ({@link dev.jdtrace.tracer.Tracer}) or the trace analysis ({@code dev.jdtrace.analysis}),
 * and words and prints what comes back.
 */
package dev.jdtrace.cli;
