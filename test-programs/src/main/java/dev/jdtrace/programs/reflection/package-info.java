/**
 * Traced programs that call their own methods through {@code Method.invoke}: reflection alone opens their world,
 * and a run watches it instead (DESIGN §2, reflection watched).
 */
package dev.jdtrace.programs.reflection;
