package dev.jdtrace.programs.ending;

/**
 * {@code Runtime.halt(4)} three frames deep: the shutdown hook registered first never runs, nor do the
 * pending {@code finally} blocks.
 */
public final class Halt {

    private Halt() {
    }

    static void hook() {
        System.out.println("never printed: halt runs no hook");
    }

    static int step(int depth, int acc) {
        try {
            if (depth == 3) {
                if (acc > 10) {
                    System.out.println("halt at acc " + acc);
                    Runtime.getRuntime().halt(4);
                }
                return acc;
            }
            return step(depth + 1, acc * 2 + depth);
        } finally {
            if (depth == 1) {
                System.out.println("finally at depth 1");
            }
        }
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(Halt::hook, "unused-hook"));
        int acc = 1;
        for (int i = 0; i < 3; i++) {
            acc = step(0, acc + i);
            System.out.println("acc " + acc);
        }
    }
}
