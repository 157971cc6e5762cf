package dev.jdtrace.programs.crossing.app;

/** A class whose {@code static {}} throws, started by a static field read in {@code main}, never caught: exit 1. */
public final class FailingInitUncaught {
    private FailingInitUncaught() {
    }

    static final class Bad {
        static int v;

        static {
            if (Boolean.parseBoolean("true")) {
                throw new IllegalStateException("Bad refuses");
            }
            v = 3;
        }
    }

    public static void main(String[] args) {
        System.out.println(Bad.v);
    }
}
