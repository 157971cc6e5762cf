package dev.jdtrace.programs;

/**
 * Exceptions: an explicit throw caught in the same method; a checked exception thrown three
 * frames below its handler; implicit exceptions ({@code ArithmeticException} from integer division
 * by zero, {@code ArrayIndexOutOfBoundsException}, {@code NullPointerException},
 * {@code ClassCastException}) caught; {@code finally} blocks on the normal path, on the
 * exceptional path and on an early {@code return}; try-with-resources with a user
 * {@link AutoCloseable} whose {@code close} runs on both paths (and adds a suppressed exception);
 * an exception thrown inside the JDK ({@code Integer.parseInt}) and caught in user code; a catch
 * that wraps and rethrows; a multi-catch; and an exception that escapes a method with no handler.
 */
public final class Exceptions {

    private Exceptions() {
    }

    static final class AppException extends Exception {
        AppException(String message) {
            super(message);
        }

        AppException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A user resource that logs opening and closing, and can fail on close. */
    static final class Resource implements AutoCloseable {
        private final String name;
        private final boolean failOnClose;
        private final StringBuilder log;

        Resource(String name, boolean failOnClose, StringBuilder log) {
            this.name = name;
            this.failOnClose = failOnClose;
            this.log = log;
            log.append("open ").append(name).append("; ");
        }

        void use(int x) {
            if (x < 0) {
                throw new IllegalArgumentException("negative " + x);
            }
            log.append("use ").append(name).append('=').append(x).append("; ");
        }

        @Override
        public void close() {
            log.append("close ").append(name).append("; ");
            if (failOnClose) {
                throw new IllegalStateException("close failed " + name);
            }
        }
    }

    static int localCatch(int x) {
        try {
            if (x > 2) {
                throw new IllegalArgumentException("too big");
            }
            return x;
        } catch (IllegalArgumentException e) {
            return -x;
        }
    }

    // Three frames between the throw (level3) and the handler (deepCatch).
    static int level1(int x) throws AppException {
        return level2(x) + 1;
    }

    static int level2(int x) throws AppException {
        return level3(x) * 2;
    }

    static int level3(int x) throws AppException {
        if (x % 2 == 1) {
            throw new AppException("odd " + x);
        }
        return x;
    }

    static String deepCatch(int x) {
        try {
            return "ok " + level1(x);
        } catch (AppException e) {
            return "caught " + e.getMessage();
        }
    }

    static String implicit(int kind) {
        int[] small = {1, 2, 3};
        String nothing = kind == 2 ? null : "text";
        Object boxed = Integer.valueOf(kind);
        try {
            switch (kind) {
                case 0:
                    return "div " + (10 / (kind * 0));
                case 1:
                    return "index " + small[kind + 4];
                case 2:
                    return "length " + nothing.length();
                case 3:
                    return "cast " + ((String) boxed).length();
                default:
                    return "none";
            }
        } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
            return e.getClass().getSimpleName();
        } catch (NullPointerException e) {
            return "NPE";
        } catch (ClassCastException e) {
            return "CCE";
        }
    }

    static int withFinally(int x, StringBuilder log) {
        try {
            if (x == 0) {
                return 100;               // finally runs on early return
            }
            return 100 / (x - 1);         // throws for x == 1
        } catch (ArithmeticException e) {
            log.append("arith; ");
            return -1;
        } finally {
            log.append("finally ").append(x).append("; ");
        }
    }

    static String resources(int x) {
        StringBuilder log = new StringBuilder();
        try (Resource a = new Resource("a", false, log); Resource b = new Resource("b", x == 0 || x == 2, log)) {
            a.use(x);
            b.use(x - 1);
        } catch (IllegalArgumentException | IllegalStateException e) {
            log.append("caught ").append(e.getMessage());
            for (Throwable s : e.getSuppressed()) {
                log.append(" suppressed ").append(s.getMessage());
            }
        }
        return log.toString();
    }

    static int parse(String s) {
        try {
            return Integer.parseInt(s);   // throws NumberFormatException inside the JDK
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static int rethrow(String s) throws AppException {
        try {
            return parse(s) + Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new AppException("bad " + s, e);
        }
    }

    /** No handler here: the exception from level1 unwinds through this frame too. */
    static int noHandler(int x) throws AppException {
        int r = level1(x);
        return r + 1000;
    }

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder("local:");
        for (int x = 1; x <= 4; x++) {
            sb.append(' ').append(localCatch(x));
        }
        System.out.println(sb);

        System.out.println("deep: " + deepCatch(4) + ", " + deepCatch(3));

        sb = new StringBuilder("implicit:");
        for (int k = 0; k <= 4; k++) {
            sb.append(' ').append(implicit(k));
        }
        System.out.println(sb);

        StringBuilder log = new StringBuilder();
        int a = withFinally(0, log);
        int b = withFinally(1, log);
        int c = withFinally(3, log);
        System.out.println("finally: " + a + " " + b + " " + c + " | " + log);

        System.out.println("twr ok: " + resources(5));
        System.out.println("twr use fails: " + resources(-1));
        System.out.println("twr use and close fail: " + resources(0));
        System.out.println("twr close fails: " + resources(2));

        System.out.println("parse: " + parse("42") + " " + parse("x"));

        for (String s : new String[] {" 7", "x"}) {
            try {
                System.out.println("rethrow " + s.trim() + ": " + rethrow(s));
            } catch (AppException e) {
                System.out.println("rethrow " + s.trim() + ": " + e.getMessage() + " cause "
                        + e.getCause().getClass().getSimpleName());
            }
        }

        try {
            System.out.println("noHandler: " + noHandler(2));
            System.out.println("noHandler: " + noHandler(5));
        } catch (AppException e) {
            System.out.println("noHandler caught " + e.getMessage());
        }
    }
}
