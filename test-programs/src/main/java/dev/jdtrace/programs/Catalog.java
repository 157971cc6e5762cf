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

    private Catalog() {
    }

    public static void main(String[] args) {
        for (String name : DETERMINISTIC) {
            System.out.println(name);
        }
    }
}
