package dev.jdtrace.programs.crossing.app;

/** A class initialiser started by untraced code reading a static field. */
public final class FieldInit {
    public static final int VALUE = compute(4);

    private FieldInit() {
    }

    static int compute(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i % 2 == 0 ? i : -i;
        }
        return s;
    }
}
