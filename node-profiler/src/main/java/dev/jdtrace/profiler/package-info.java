/**
 * Plan, entry points: read the traced classes of a java command with BCEL ({@link dev.jdtrace.profiler.ProgramLoader},
 * {@link dev.jdtrace.profiler.JavaCommand}, {@link dev.jdtrace.profiler.ClassFilter}) and check raw bytecode
 * ({@link dev.jdtrace.profiler.Bytecode}).
 */
package dev.jdtrace.profiler;
