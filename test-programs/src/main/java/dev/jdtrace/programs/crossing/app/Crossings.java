package dev.jdtrace.programs.crossing.app;

import dev.jdtrace.programs.crossing.Relay;
import dev.jdtrace.programs.crossing.RelayException;

/**
 * Exceptions crossing untraced code, every one caught: thrown by untraced code after it called back, with
 * traced frames below it, caught in traced code or in untraced code; traced code in an untraced
 * {@code catch} and {@code finally}; an untraced exception whose constructor and {@code toString} call
 * traced code; traced class initialisers started by untraced code, throwing or not.
 */
public final class Crossings {
    static int calls;

    private Crossings() {
    }

    static int count(int n) {
        calls++;
        return n > 2 ? n - 2 : n;
    }

    /** Throws an IllegalStateException (from traced code), a few traced frames deep. */
    public static int fail(String why) {
        if (why.length() > 100) {
            return 0;
        }
        throw new IllegalStateException("no " + why);
    }

    static int nested(int depth) {
        if (depth == 0) {
            return Relay.deep(2, () -> count(depth + 3));
        }
        return nested(depth - 1) + 1;
    }

    static void caughtInTraced() {
        try {
            Relay.callThenThrow(() -> count(3), 1);
        } catch (RelayException e) {
            System.out.println("traced caught " + e.getMessage());
        }
        try {
            nested(2);
        } catch (RelayException e) {
            System.out.println("deep " + e);
        }
        try {
            Relay.wrap(() -> fail("wrap"), () -> count(7));
        } catch (RelayException e) {
            System.out.println("wrapped " + e.getMessage());
        }
        try {
            Relay.rethrow(() -> fail("rethrow"), () -> count(1));
        } catch (IllegalStateException e) {
            System.out.println("rethrown " + e.getMessage());
        } finally {
            calls++;
        }
    }

    static void caughtInUntraced() {
        int r = Relay.catching(() -> fail("body"), () -> count(5), () -> count(6));
        int s = Relay.catching(() -> Relay.callThenThrow(() -> count(4), 2), () -> {
            try {
                fail("in catch");
            } catch (IllegalStateException e) {
                calls += 2;
            }
        }, () -> count(9));
        int t = Relay.catching(() -> count(2), () -> count(0), () -> {
            calls += Relay.catching(() -> fail("in finally"), () -> count(8), () -> calls++);
        });
        System.out.println("untraced caught " + r + " " + s + " " + t + " " + calls);
    }

    static void initialisers() {
        System.out.println("field " + Relay.readField());
        System.out.println("failing field " + Relay.readFailingField());
        System.out.println("by name " + Relay.load(ByName.class.getName()) + " " + ByName.loaded);
        System.out.println("failing by name " + Relay.load(FailingByName.class.getName()));
        System.out.println("reflected " + Relay.reflect(Reflected.class));
        System.out.println("failing reflected " + Relay.reflect(FailingReflected.class));
        System.out.println("thrower " + Relay.reflect(Thrower.class));
        System.out.println("thrower again " + Relay.reflect(Thrower.class));
    }

    public static void main(String[] args) {
        caughtInTraced();
        caughtInUntraced();
        initialisers();
        System.out.println("calls " + calls);
    }
}
