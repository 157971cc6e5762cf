package dev.jdtrace.programs.reflection;

import java.lang.reflect.Method;

/**
 * Reflects: calls its own methods through {@code Method.invoke} in a loop: a virtual method that a subclass
 * overrides (the call dispatches to the override), a static method and a private one, each branching on its
 * argument, and a loop whose branches depend on what they return; the subclass is made by {@code
 * Constructor.newInstance}. Deterministic.
 */
public final class Reflects {
    /** A shape with no sides, whose subclass overrides the reflected method. */
    public static class Shape {
        public int sides() {
            return 0;
        }
    }

    /** The override reflection dispatches to. */
    public static final class Square extends Shape {
        @Override
        public int sides() {
            return 4;
        }
    }

    private Reflects() {
    }

    public static int twice(int x) {
        return x < 3 ? 2 * x : x + 3;
    }

    private int collatz(int x) {
        return x % 2 == 0 ? x / 2 : 3 * x + 1;
    }

    public static void main(String[] args) throws Exception {
        Method sides = Shape.class.getMethod("sides");
        Method twice = Reflects.class.getMethod("twice", int.class);
        Method collatz = Reflects.class.getDeclaredMethod("collatz", int.class);
        Reflects self = new Reflects();
        int total = 0;
        for (int i = 0; i < 6; i++) {
            Shape shape = i % 3 == 0 ? new Shape() : Square.class.getConstructor().newInstance();
            total += (Integer) sides.invoke(shape);
            int t = (Integer) twice.invoke(null, i);
            if (t > 4) {
                total += (Integer) collatz.invoke(self, t);
            } else {
                total -= t;
            }
        }
        System.out.println("total " + total);
    }
}
