/**
 * An open world: {@link dev.jdtrace.programs.openworld.Host} is an untraced application (trace only
 * {@code dev.jdtrace.programs.openworld.lib.*}) that enters the traced library in every way the JVM has
 * (direct calls, reflection, a method handle, a dynamic proxy) and that the library calls back into,
 * several levels deep. {@link dev.jdtrace.programs.openworld.DirectHost} enters it by direct calls only.
 */
package dev.jdtrace.programs.openworld;
