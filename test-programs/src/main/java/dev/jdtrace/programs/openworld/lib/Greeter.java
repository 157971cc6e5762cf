package dev.jdtrace.programs.openworld.lib;

/** Implemented by a dynamic proxy only. */
public interface Greeter {
    String greet(String who);
}
