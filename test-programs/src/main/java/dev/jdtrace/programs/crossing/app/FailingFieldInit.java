package dev.jdtrace.programs.crossing.app;

/** A class initialiser started by untraced code reading a static field, which throws. */
public final class FailingFieldInit {
    public static final int VALUE = Crossings.fail("field");

    private FailingFieldInit() {
    }
}
