/**
 * {@code jdtrace run}: plan, collect every session in parallel, check they saw the same run, reconstruct.
 * {@code jdtrace attach} ({@link dev.jdtrace.tracer.AttachRun}) does the same on running JVMs, its
 * threads matched across sessions by the order in which they begin traced code.
 */
package dev.jdtrace.tracer;
