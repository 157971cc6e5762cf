package dev.jdtrace.programs.crossing.app;

import dev.jdtrace.programs.crossing.Relay;

/**
 * Never caught: untraced code throws after calling back, with {@code main} below it; the JVM's
 * uncaught-exception handler then prints the exception, whose {@code toString} calls traced code: exit 1.
 */
public final class UncaughtThroughRelay {
    static int calls;

    private UncaughtThroughRelay() {
    }

    static int detail(int n) {
        calls++;
        return calls > 1 ? n * 10 : n;
    }

    public static void main(String[] args) {
        System.out.println("start");
        Relay.callThenThrow(() -> detail(4), 3);
    }
}
