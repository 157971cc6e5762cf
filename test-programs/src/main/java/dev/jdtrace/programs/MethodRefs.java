package dev.jdtrace.programs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * MethodRefs: method references the JDK calls, whose target is reached by dispatch: a comparator built
 * by {@code Comparator.comparingInt(Animal::legs)} (the JDK calls the overrides of {@code legs}, with
 * no lambda body in between), {@code thenComparing(Named::label)} on an interface method,
 * {@code map(Animal::sound)} in a stream, and a static method reference in {@code mapToInt}.
 */
public final class MethodRefs {

    private MethodRefs() {
    }

    interface Named {
        String label();
    }

    abstract static class Animal implements Named {
        abstract int legs();

        String sound() {
            return "...";
        }

        @Override
        public String label() {
            return getClass().getSimpleName();
        }
    }

    static final class Dog extends Animal {
        @Override
        int legs() {
            return 4;
        }

        @Override
        String sound() {
            return "woof";
        }
    }

    static final class Bird extends Animal {
        @Override
        int legs() {
            return 2;
        }
    }

    static final class Snake extends Animal {
        @Override
        int legs() {
            return 0;
        }

        @Override
        public String label() {
            return "snake";
        }
    }

    static int weight(Animal a) {
        return a.legs() > 2 ? 10 : 3;
    }

    public static void main(String[] args) {
        List<Animal> zoo = new ArrayList<>(List.of(new Dog(), new Snake(), new Bird(), new Dog()));
        zoo.sort(Comparator.comparingInt(Animal::legs).thenComparing(Named::label));
        System.out.println(zoo.stream().map(Animal::sound).collect(Collectors.joining(",")));
        System.out.println(zoo.stream().map(Named::label).collect(Collectors.joining(",")));
        System.out.println(zoo.stream().mapToInt(MethodRefs::weight).sum());
    }
}
