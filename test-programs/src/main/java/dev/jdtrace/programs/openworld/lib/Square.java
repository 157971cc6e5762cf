package dev.jdtrace.programs.openworld.lib;

/** A shape with 4 sides. */
public final class Square extends Shape {
    @Override
    public int sides() {
        return 4;
    }
}
