/**
 * The baseline most people write first: a JDI tracer that single-steps every line ({@code STEP_LINE},
 * {@code STEP_INTO}, JDK classes excluded), suspending the stepping thread at each step and resuming it, and
 * records (thread, class, method, line) per step. It shares no code with jdtrace.
 */
package dev.jdtrace.bench.stepping;
