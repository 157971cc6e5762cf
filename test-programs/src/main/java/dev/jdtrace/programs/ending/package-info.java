/**
 * Programs whose threads end abruptly, for the tests of how a path ends: {@code System.exit} at depth
 * with {@code finally} blocks that never run, exit from a second thread, {@code Runtime.halt}, a shutdown
 * hook running traced code, a daemon thread cut off at exit, uncaught exceptions, and SIGTERM / SIGKILL
 * sent by the program to itself. Each follows the rules of {@link dev.jdtrace.programs}: deterministic
 * (every thread is blocked at a fixed place when the VM dies), small, JDK only. Each ends with a fixed
 * exit status, listed in {@link dev.jdtrace.programs.Catalog#ENDINGS}.
 */
package dev.jdtrace.programs.ending;
