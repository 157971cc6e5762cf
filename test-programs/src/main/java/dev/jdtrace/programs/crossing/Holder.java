package dev.jdtrace.programs.crossing;

import dev.jdtrace.programs.crossing.app.UntracedInitCallsBack;

/** An untraced class whose initialiser calls the application back, started in the middle of a traced block. */
public final class Holder {
    public static final int X = UntracedInitCallsBack.compute(3);

    private Holder() {
    }
}
