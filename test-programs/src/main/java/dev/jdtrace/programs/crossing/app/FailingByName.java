package dev.jdtrace.programs.crossing.app;

/** A class initialiser started by {@code Class.forName} in untraced code, which throws an Error. */
public final class FailingByName {
    static int loaded;

    static {
        if (FieldInit.compute(2) < 5) {
            throw new AssertionError("FailingByName refuses");
        }
        loaded = 1;
    }

    private FailingByName() {
    }
}
