package dev.jdtrace.programs.openworld.lib;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Method references the JDK calls: a comparator on a virtual method, stream functions, a static one. */
public final class Shapes {
    private Shapes() {
    }

    public static List<String> byName(List<Shape> shapes) {
        List<Shape> copy = new ArrayList<>(shapes);
        copy.sort(Comparator.comparingInt(Shape::sides));
        return copy.stream().map(Shape::name).collect(Collectors.toList());
    }

    public static int doubledTotal(int[] values) {
        return IntStream.of(values).map(Counter::twice).sum();
    }
}
