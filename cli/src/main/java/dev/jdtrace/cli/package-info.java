/** Use: the {@code jdtrace} command, one picocli class per subcommand. */
package dev.jdtrace.cli;
