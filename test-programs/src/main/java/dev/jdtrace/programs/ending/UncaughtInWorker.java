package dev.jdtrace.programs.ending;

/**
 * A worker thread dies of an uncaught exception thrown three frames deep (its {@code finally} blocks
 * run as it unwinds); {@code main} joins it, then dies of its own uncaught exception: exit status 1.
 */
public final class UncaughtInWorker {
    static int seen;

    private UncaughtInWorker() {
    }

    static int parse(String s, int depth) {
        try {
            if (depth == 0) {
                return Integer.parseInt(s);
            }
            return parse(s, depth - 1) + 1;
        } finally {
            seen++;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            int sum = 0;
            for (String s : new String[] {"1", "22", "x3"}) {
                sum += parse(s, 2);
            }
            System.out.println("never printed " + sum);
        }, "worker");
        worker.start();
        worker.join();
        System.out.println("worker died after " + seen + " frames");
        if (seen > 3) {
            throw new IllegalStateException("main gives up too");
        }
    }
}
