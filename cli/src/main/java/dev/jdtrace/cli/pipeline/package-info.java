/** {@code jdtrace run}: plan, collect every session in parallel, check they saw the same run, reconstruct. */
package dev.jdtrace.cli.pipeline;
