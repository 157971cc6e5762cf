package dev.jdtrace.programs.openworld.lib;

/** A shape with 3 sides. */
public final class Triangle extends Shape {
    @Override
    public int sides() {
        return 3;
    }
}
