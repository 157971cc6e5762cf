/**
 * Plan, entry points: read the traced classes of a java command with BCEL ({@link dev.jdtrace.plan.ProgramLoader},
 * {@link dev.jdtrace.plan.JavaCommand}, {@link dev.jdtrace.plan.ClassFilter}) and check raw bytecode
 * ({@link dev.jdtrace.plan.Bytecode}).
 */
package dev.jdtrace.plan;
