package dev.jdtrace.programs;

import java.util.List;

/**
 * Dispatch: {@code invokeinterface} and {@code invokevirtual} call sites that reach several
 * receivers over a small hierarchy: an interface with a default method (inherited by some
 * classes, overridden by others), an abstract class with an abstract method and a template
 * method, concrete overrides, {@code super} calls ({@code invokespecial}) to the parent
 * implementation and to an interface default, and a final class outside the abstract hierarchy
 * that implements the interface directly, and default methods a class inherits, called through the class.
 */
public final class Dispatch {

    private Dispatch() {
    }

    interface Shape {
        int area();

        String name();

        /** Default method; called through the interface and via {@code Shape.super}. */
        default String describe() {
            return name() + "[area=" + area() + "]";
        }
    }

    abstract static class AbstractShape implements Shape {
        private final String label;

        AbstractShape(String label) {
            this.label = label;
        }

        @Override
        public String name() {
            return label;
        }

        /** Template method: virtual calls to area() and sides() from the parent class. */
        int score() {
            return area() * 10 + sides();
        }

        abstract int sides();
    }

    static class Rect extends AbstractShape {
        final int w;
        final int h;

        Rect(int w, int h) {
            this("rect", w, h);
        }

        Rect(String label, int w, int h) {
            super(label);
            this.w = w;
            this.h = h;
        }

        @Override
        public int area() {
            return w * h;
        }

        @Override
        int sides() {
            return 4;
        }
    }

    static final class Square extends Rect {
        Square(int side) {
            super("square", side, side);
        }

        /** Overrides and calls the parent's implementation. */
        @Override
        int score() {
            return super.score() + 1;
        }

        @Override
        public String describe() {
            return "*" + super.describe() + "*";
        }
    }

    static final class Triangle extends AbstractShape {
        final int base;
        final int height;

        Triangle(int base, int height) {
            super("triangle");
            this.base = base;
            this.height = height;
        }

        @Override
        public int area() {
            return base * height / 2;
        }

        @Override
        int sides() {
            return 3;
        }
    }

    /** Implements the interface directly and overrides the default, then calls it via super. */
    static final class Dot implements Shape {
        @Override
        public int area() {
            return 0;
        }

        @Override
        public String name() {
            return "dot";
        }

        @Override
        public String describe() {
            return "(" + Shape.super.describe() + ")";
        }
    }

    public static void main(String[] args) {
        List<Shape> shapes = List.of(new Rect(2, 3), new Square(4), new Triangle(6, 5), new Dot(), new Rect(1, 1));
        int totalArea = 0;
        for (Shape s : shapes) {
            totalArea += s.area();              // invokeinterface, four receiver classes
            System.out.println(s.describe());   // default or override
        }
        System.out.println("total area=" + totalArea);

        StringBuilder scores = new StringBuilder("scores:");
        for (Shape s : shapes) {
            if (s instanceof AbstractShape a) {
                scores.append(' ').append(a.name()).append('=').append(a.score()); // invokevirtual
            }
        }
        System.out.println(scores);

        // Defaults inherited and named through the class (invokevirtual Counter.isLarge): the JVM selects
        // Sized's default methods, though no interface call names them.
        Counter small = new Counter(4);
        Counter big = new Counter(40);
        System.out.println("large=" + (small.isLarge() ? 1 : 0) + (big.isLarge() ? 1 : 0)
            + " halves=" + (small.half() + big.half()));
    }

    interface Sized {
        int size();

        default boolean isLarge() {
            return size() > 10;
        }

        default int half() {
            return size() / 2;
        }
    }

    static final class Counter implements Sized {
        private final int n;

        Counter(int n) {
            this.n = n;
        }

        @Override
        public int size() {
            return n;
        }
    }
}
