package dev.jdtrace.programs;

import java.util.List;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Lambdas: non-capturing and capturing lambdas (expression and block bodies, with branches),
 * lambdas called directly from user code, a user functional interface, method references of all
 * four kinds (static, bound instance, unbound instance, constructor), function composition, and
 * {@code java.util.stream} pipelines ({@code map}, {@code filter}, {@code reduce}, {@code collect}
 * with {@code joining} and {@code groupingBy} into a {@link TreeMap}) where the JDK calls the
 * lambda bodies back.
 */
public final class Lambdas {

    private Lambdas() {
    }

    @FunctionalInterface
    interface Op {
        int apply(int a, int b);
    }

    record Item(String name, int price) {
        Item(String name) {
            this(name, name.length() * 3);
        }

        boolean cheap() {
            return price < 12;
        }
    }

    static int square(int x) {
        return x * x;
    }

    static int fold(int[] values, int start, Op op) {
        int acc = start;
        for (int v : values) {
            acc = op.apply(acc, v);
        }
        return acc;
    }

    public static void main(String[] args) {
        // Lambdas called from user code.
        Op add = (a, b) -> a + b;
        Op maxOp = (a, b) -> {
            if (a >= b) {
                return a;
            }
            return b;
        };
        int[] values = {3, 9, 2, 7, 5};
        System.out.println("fold add=" + fold(values, 0, add) + " max=" + fold(values, Integer.MIN_VALUE, maxOp));

        // Capturing lambda and composition.
        int offset = 10;
        Function<Integer, Integer> plusOffset = x -> x + offset;
        Function<Integer, Integer> squareThenOffset = plusOffset.compose(Lambdas::square);
        Predicate<String> longWord = s -> s.length() > 4;
        Supplier<String> greeting = () -> "hi";
        System.out.println("compose=" + squareThenOffset.apply(4) + " long(apple)=" + longWord.test("apple")
                + " !long(fig)=" + longWord.negate().test("fig") + " " + greeting.get());

        // Method references: static, bound, unbound, constructor.
        IntBinaryOperator staticRef = Math::max;
        String prefix = "item-";
        Function<String, String> boundRef = prefix::concat;
        Function<String, Integer> unboundRef = String::length;
        Function<String, Item> ctorRef = Item::new;
        BiFunction<String, Integer, Item> ctorRef2 = Item::new;
        System.out.println("refs: " + staticRef.applyAsInt(3, 8) + " " + boundRef.apply("x") + " "
                + unboundRef.apply("four") + " " + ctorRef.apply("pear") + " " + ctorRef2.apply("kiwi", 4));

        // Stream pipelines over small lists.
        List<String> words = List.of("apple", "fig", "banana", "kiwi", "cherry", "plum", "date");
        int totalLength = words.stream().map(String::length).reduce(0, Integer::sum);
        String shortUpper = words.stream()
                .filter(w -> w.length() <= 4)
                .map(w -> w.toUpperCase())
                .collect(Collectors.joining(",", "[", "]"));
        System.out.println("total length=" + totalLength + " short=" + shortUpper);

        List<Item> items = words.stream().map(Item::new).collect(Collectors.toList());
        long cheapCount = items.stream().filter(Item::cheap).count();
        int sumOfSquares = IntStream.rangeClosed(1, 6).map(Lambdas::square).filter(x -> x % 2 == 0).sum();
        System.out.println("cheap=" + cheapCount + " even squares sum=" + sumOfSquares);

        TreeMap<Integer, List<String>> byLength = words.stream()
                .collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.toList()));
        System.out.println("by length=" + byLength);
    }
}
