package dev.jdtrace.programs.reflection;

import java.util.ServiceLoader;

/**
 * Loads: finds its greeting through {@code ServiceLoader}, which instantiates the provider its
 * {@code META-INF/services} file names by reflection, and calls it in a loop. Deterministic.
 */
public final class Loads {
    /** The service. */
    public interface Greeting {
        String greet(int times);
    }

    /** The provider, named in {@code META-INF/services}. */
    public static final class Hello implements Greeting {
        private final String word;

        public Hello() {
            word = "hello";
        }

        @Override
        public String greet(int times) {
            return times > 1 ? word + " x" + times : word;
        }
    }

    private Loads() {
    }

    public static void main(String[] args) {
        for (Greeting g : ServiceLoader.load(Greeting.class)) {
            for (int i = 1; i <= 3; i++) {
                System.out.println(g.greet(i));
            }
        }
    }
}
