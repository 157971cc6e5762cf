package dev.jdtrace.programs.crossing.app;

/** Traced methods that untraced code calls reflectively and that throw. */
public final class Thrower {
    private Thrower() {
    }

    public static int value() {
        return Crossings.fail("invoked");
    }
}
