package dev.jdtrace.programs.crossing;

import dev.jdtrace.programs.crossing.app.UntracedInitCallsBack;

/** An untraced class whose initialiser calls the application back, which throws. */
public final class FailingHolder {
    public static final int X = UntracedInitCallsBack.compute(-1);

    private FailingHolder() {
    }
}
