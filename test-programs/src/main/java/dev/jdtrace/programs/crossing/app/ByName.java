package dev.jdtrace.programs.crossing.app;

/** A class initialiser started by {@code Class.forName} in untraced code. */
public final class ByName {
    static int loaded;

    static {
        loaded = FieldInit.compute(3) + 1;
    }

    private ByName() {
    }
}
