package dev.jdtrace.programs;

/**
 * Threads: the main thread starts three worker threads with distinct names ({@code worker-1} runs
 * a user {@link Runnable} class, {@code worker-2} a lambda, {@code worker-3} a {@link Thread}
 * subclass overriding {@code run}), does its own work while they run, then joins them and prints
 * their results. Each thread's control flow depends only on its own inputs, never on timing or
 * interleaving: workers share no mutable state, write their results to fields read only after
 * {@code join}, and only the main thread prints.
 */
public final class Threads {

    private Threads() {
    }

    /** Counts primes below a bound by trial division. */
    static final class PrimeCounter implements Runnable {
        private final int bound;
        int result;

        PrimeCounter(int bound) {
            this.bound = bound;
        }

        @Override
        public void run() {
            int count = 0;
            for (int n = 2; n < bound; n++) {
                if (isPrime(n)) {
                    count++;
                }
            }
            result = count;
        }

        private static boolean isPrime(int n) {
            for (int d = 2; d * d <= n; d++) {
                if (n % d == 0) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Sums the digits of a few numbers, in its own thread class. */
    static final class DigitSummer extends Thread {
        private final int[] inputs;
        int result;

        DigitSummer(String name, int[] inputs) {
            super(name);
            this.inputs = inputs;
        }

        @Override
        public void run() {
            int total = 0;
            for (int v : inputs) {
                while (v > 0) {
                    total += v % 10;
                    v /= 10;
                }
            }
            result = total;
        }
    }

    static String classify(String word) {
        if (word.isEmpty()) {
            return "empty";
        } else if (Character.isUpperCase(word.charAt(0))) {
            return "Title";
        } else {
            return "lower";
        }
    }

    public static void main(String[] args) throws InterruptedException {
        PrimeCounter primes = new PrimeCounter(30);
        Thread w1 = new Thread(primes, "worker-1");

        String[] words = {"Alpha", "beta", "", "Gamma", "delta"};
        String[] classes = new String[words.length];
        Thread w2 = new Thread(() -> {
            for (int i = 0; i < words.length; i++) {
                classes[i] = classify(words[i]);
            }
        }, "worker-2");

        DigitSummer w3 = new DigitSummer("worker-3", new int[] {123, 4056, 789});

        w1.start();
        w2.start();
        w3.start();

        // Main's own work while the workers run.
        long product = 1;
        for (int i = 1; i <= 8; i++) {
            product *= (i % 3 == 0) ? 2 : i;
        }

        w1.join();
        w2.join();
        w3.join();

        System.out.println("main product=" + product);
        System.out.println(w1.getName() + " primes below 30=" + primes.result);
        System.out.println(w2.getName() + " classes=" + String.join(",", classes));
        System.out.println(w3.getName() + " digit sum=" + w3.result);
    }
}
