/**
 * Exceptions that cross untraced code (issue 27): trace only {@code dev.jdtrace.programs.crossing.app.*}.
 * {@link dev.jdtrace.programs.crossing.Relay} and {@link dev.jdtrace.programs.crossing.RelayException} are
 * untraced code that calls the application back, throws with traced frames below it, catches, rethrows,
 * runs callbacks in its {@code catch} and {@code finally}, starts traced class initialisers (by a static
 * field read, {@code Class.forName} and reflection) and calls traced code from an exception's constructor
 * and {@code toString}.
 */
package dev.jdtrace.programs.crossing;
