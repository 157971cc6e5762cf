package dev.jdtrace.programs;

import java.util.List;

/**
 * Catalog: the list of deterministic programs in this package, for tests that trace each of
 * them. Every listed program takes the same path and prints the same output on every run (for a
 * given standard input). This class is not itself listed.
 */
public final class Catalog {

    /** Fully qualified names of the deterministic programs, in a fixed order. */
    public static final List<String> DETERMINISTIC = List.of(
            Loops.class.getName(),
            Switches.class.getName(),
            Recursion.class.getName(),
            Dispatch.class.getName(),
            Exceptions.class.getName(),
            Lambdas.class.getName(),
            MethodRefs.class.getName(),
            Callbacks.class.getName(),
            StaticInit.class.getName(),
            Synchronized.class.getName(),
            Threads.class.getName(),
            StdinEcho.class.getName(),
            Sample.class.getName());

    /**
     * A program whose threads end abruptly (package {@code ending}), and the exit status it ends with.
     *
     * @param program fully qualified main class
     * @param exitStatus the status the JVM exits with
     */
    public record Ending(String program, int exitStatus) {
    }

    /** Deterministic programs that end by exit, halt, signal or uncaught exceptions, in a fixed order. */
    public static final List<Ending> ENDINGS = List.of(
            new Ending(dev.jdtrace.programs.ending.ExitAtDepth.class.getName(), 3),
            new Ending(dev.jdtrace.programs.ending.ExitFromThread.class.getName(), 5),
            new Ending(dev.jdtrace.programs.ending.Halt.class.getName(), 4),
            new Ending(dev.jdtrace.programs.ending.ShutdownHook.class.getName(), 2),
            new Ending(dev.jdtrace.programs.ending.DaemonAtExit.class.getName(), 0),
            new Ending(dev.jdtrace.programs.ending.UncaughtInWorker.class.getName(), 1),
            new Ending(dev.jdtrace.programs.ending.Signalled.class.getName(), 143));

    private Catalog() {
    }

    public static void main(String[] args) {
        for (String name : DETERMINISTIC) {
            System.out.println(name);
        }
    }
}
