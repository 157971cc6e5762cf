package dev.jdtrace.programs.crossing;

import java.util.function.IntSupplier;

/** Untraced code between traced frames: every method calls the application back or starts its classes. */
public final class Relay {
    private Relay() {
    }

    /** Calls back, then throws from untraced code with the callback's frames gone and traced frames below. */
    public static int callThenThrow(IntSupplier back, int n) {
        int v = back.getAsInt();
        if (v >= 0) {
            throw new RelayException("relay " + n, back);
        }
        return v;
    }

    /** Untraced frames {@code depth} deep, then {@link #callThenThrow}. */
    public static int deep(int depth, IntSupplier back) {
        if (depth == 0) {
            return callThenThrow(back, depth);
        }
        return deep(depth - 1, back) + 1;
    }

    /** Catches what the body throws (its traced frames unwound), calling back in the catch and in finally. */
    public static int catching(IntSupplier body, Runnable onCatch, Runnable onFinally) {
        try {
            return body.getAsInt();
        } catch (RuntimeException e) {
            onCatch.run();
            return -1;
        } finally {
            onFinally.run();
        }
    }

    /** Catches what the body throws and throws its own, built by traced code. */
    public static int wrap(IntSupplier body, IntSupplier detail) {
        try {
            return body.getAsInt();
        } catch (IllegalStateException e) {
            throw new RelayException("wrapped " + e.getMessage(), detail);
        }
    }

    /** Runs the body and rethrows what it throws after a callback in finally. */
    public static int rethrow(IntSupplier body, Runnable onFinally) {
        try {
            return body.getAsInt();
        } finally {
            onFinally.run();
        }
    }

    /** Starts a class's initialiser by name; an error it throws comes back as its name. */
    public static String load(String name) {
        try {
            return Class.forName(name).getSimpleName();
        } catch (ClassNotFoundException | Error e) {
            return e.getClass().getSimpleName();
        }
    }

    /** Starts a class's initialiser by calling its static method {@code value()} reflectively. */
    public static String reflect(Class<?> c) {
        try {
            return String.valueOf(c.getMethod("value").invoke(null));
        } catch (ReflectiveOperationException | Error e) {
            return e.getClass().getSimpleName();
        }
    }

    /** Starts a traced class's initialiser by reading its static field. */
    public static int readField() {
        return dev.jdtrace.programs.crossing.app.FieldInit.VALUE;
    }

    /** Starts a traced class's initialiser, which throws, by reading its static field; catches the error. */
    public static int readFailingField() {
        try {
            return dev.jdtrace.programs.crossing.app.FailingFieldInit.VALUE;
        } catch (ExceptionInInitializerError e) {
            return -1;
        }
    }
}
