/**
 * Programs whose runs differ from one another, the way real programs do: which worker takes which item, the
 * order a hash set of identity-hashed objects is iterated in, how deep a recursion gets before the stack
 * overflows, and what the clock, the process id or a random UUID print. None is in {@link
 * dev.jdtrace.programs.Catalog#DETERMINISTIC}: no run of them can be the ground truth of another.
 *
 * <p>Each item-processing program does its work in {@link dev.jdtrace.programs.varying.Work#work}: item
 * {@code n} calls the marker {@code three()}, {@code five()} or {@code seven()} and then {@code tick()} exactly
 * {@code n} times. Whatever the runs did, the real path of every thread obeys that, so a trace that does not
 * is of an execution that never happened.
 */
package dev.jdtrace.programs.varying;
