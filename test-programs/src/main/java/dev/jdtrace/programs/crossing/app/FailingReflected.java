package dev.jdtrace.programs.crossing.app;

/** A class initialiser started by a reflective call from untraced code, which throws. */
public final class FailingReflected {
    private static final int BASE = Crossings.fail("reflected");

    private FailingReflected() {
    }

    public static int value() {
        return BASE;
    }
}
