package dev.jdtrace.programs.openworld.lib;

/** A shape with 5 sides. */
public final class Pentagon extends Shape {
    @Override
    public int sides() {
        return 5;
    }
}
