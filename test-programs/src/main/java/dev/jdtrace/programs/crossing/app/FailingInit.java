package dev.jdtrace.programs.crossing.app;

/**
 * The second shape: a class whose {@code static {}} throws, started by a static field read in
 * {@code main}, its ExceptionInInitializerError caught; then again (a NoClassDefFoundError), and an
 * initialiser that throws an Error, which the JVM throws on as it is.
 */
public final class FailingInit {
    private FailingInit() {
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

    static final class BadError {
        static int v;

        static {
            if (Boolean.parseBoolean("true")) {
                throw new AssertionError("BadError refuses");
            }
            v = 4;
        }
    }

    public static void main(String[] args) {
        try {
            System.out.println(Bad.v);
        } catch (ExceptionInInitializerError e) {
            System.out.println("caught " + e.getCause().getMessage());
        }
        try {
            System.out.println(Bad.v);
        } catch (NoClassDefFoundError e) {
            System.out.println("again");
        }
        try {
            System.out.println(BadError.v);
        } catch (AssertionError e) {
            System.out.println("error " + e.getMessage());
        }
    }
}
