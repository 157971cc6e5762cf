/**
 * Use: the {@code jdtrace} command, one picocli class per subcommand. A command parses its options, calls the
 * pipeline's facade ({@link dev.jdtrace.tracer.Tracer}) or the trace analysis ({@code dev.jdtrace.analysis}),
 * and words and prints what comes back. Failures are worded in one place ({@code Wording}): the core modules
 * throw exceptions that carry numbers and names, and only the command knows which of its options fixes one.
 */
package dev.jdtrace.cli;
