package dev.jdtrace.programs.openworld.lib;

/** A shape; {@link #sides()} is reached through a method reference, by dispatch, from the JDK. */
public abstract class Shape {
    public abstract int sides();

    public String name() {
        return getClass().getSimpleName() + sides();
    }
}
