package dev.jdtrace.programs.crossing.app;

import dev.jdtrace.programs.crossing.FailingHolder;
import dev.jdtrace.programs.crossing.Holder;

/**
 * Untraced class initialisers started in the middle of traced blocks (a static field read before a branch and
 * before a traced call) call the application back; the second one's callback throws, the JVM takes the
 * exception at the initialiser's end and throws an ExceptionInInitializerError from the traced block.
 */
public final class UntracedInitCallsBack {
    private UntracedInitCallsBack() {
    }

    public static int compute(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative " + n);
        }
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i;
        }
        return s;
    }

    static int twice(int x) {
        return 2 * x;
    }

    public static void main(String[] args) {
        int a = args.length > 5 ? 1 : 2;
        if (Holder.X > a) {
            a = twice(a);
        }
        try {
            a += twice(FailingHolder.X);
        } catch (ExceptionInInitializerError e) {
            a += compute(2);
        }
        System.out.println(a);
    }
}
