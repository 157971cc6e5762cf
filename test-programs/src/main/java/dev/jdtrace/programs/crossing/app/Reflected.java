package dev.jdtrace.programs.crossing.app;

/** A class initialiser started by a reflective call from untraced code. */
public final class Reflected {
    private static final int BASE = FieldInit.compute(5);

    private Reflected() {
    }

    public static int value() {
        return BASE * 2;
    }
}
