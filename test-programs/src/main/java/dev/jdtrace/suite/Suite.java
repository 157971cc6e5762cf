package dev.jdtrace.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * Suite: test-like methods run one after the other by a runner in {@code main}, as a test framework runs a suite,
 * for tracing one test with {@code --within}. Two tests are large ({@code testPrimes}, {@code testWords}), two are
 * small ({@code testParse}, under 1% of the run, and {@code testFails}, whose assertion fails: its exception ends the
 * call and the runner catches it). The first argument scales the large tests (default 1); the path is the same on
 * every run for a given scale. Kept out of {@code dev.jdtrace.programs} so that the plans recorded for that package
 * do not change.
 */
public final class Suite {

    private Suite() {
    }

    static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    /** Counts primes with a sieve, and checks a few counts. */
    static void testPrimes(int scale) {
        int limit = 2_000 * scale;
        boolean[] composite = new boolean[limit + 1];
        int count = 0;
        for (int n = 2; n <= limit; n++) {
            if (!composite[n]) {
                count++;
                for (long m = (long) n * n; m <= limit; m += n) {
                    composite[(int) m] = true;
                }
            }
        }
        check(count > 0, "primes below " + limit);
    }

    /** Classifies generated words and checks the tally. */
    static void testWords(int scale) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 300 * scale; i++) {
            words.add(Integer.toString(i * 7919 % 1000, 26));
        }
        int vowels = 0;
        int digits = 0;
        for (String w : words) {
            for (int i = 0; i < w.length(); i++) {
                char c = w.charAt(i);
                if ("aeiou".indexOf(c) >= 0) {
                    vowels++;
                } else if (Character.isDigit(c)) {
                    digits++;
                }
            }
        }
        check(vowels + digits > 0, "letters counted");
    }

    /** Evaluates a small sum of products. */
    static void testParse() {
        check(evaluate("12+3*4+5") == 29, "12+3*4+5");
    }

    static int evaluate(String text) {
        int sum = 0;
        for (String term : text.split("\\+")) {
            int product = 1;
            for (String factor : term.split("\\*")) {
                product *= Integer.parseInt(factor);
            }
            sum += product;
        }
        return sum;
    }

    /** An assertion that fails two calls deep: the runner below the test catches it. */
    static void testFails() {
        check(evaluate("2*3") == 7, "2*3 is 7");
    }

    /** Runs one test; a failed assertion fails the test, not the suite. */
    static boolean run(int test, int scale) {
        try {
            switch (test) {
                case 0 -> testPrimes(scale);
                case 1 -> testParse();
                case 2 -> testWords(scale);
                default -> testFails();
            }
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }

    public static void main(String[] args) {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int passed = 0;
        for (int test = 0; test < 4; test++) {
            if (run(test, scale)) {
                passed++;
            }
        }
        System.out.println(passed + " of 4 tests passed");
    }
}
