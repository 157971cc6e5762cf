package dev.jdtrace.programs.ending;

/**
 * {@code System.exit(3)} five frames deep, inside a loop, with {@code finally} blocks pending in every
 * frame (they never run: exit does not unwind). Its last blocks, a tight loop, run just before the exit,
 * so hits still in flight when the VM dies must all reach the stream.
 */
public final class ExitAtDepth {

    private ExitAtDepth() {
    }

    static int descend(int level, int round) {
        try {
            if (level == 0) {
                int sum = 0;
                for (int k = 0; k < 50; k++) {
                    sum += (k % 3 == 0) ? k : 1;
                }
                if (round == 2) {
                    System.out.println("exit after sum " + sum);
                    System.exit(3);
                }
                return sum;
            }
            return descend(level - 1, round) + level;
        } finally {
            if (level % 2 == 0) {
                System.out.println("finally at level " + level);
            }
        }
    }

    public static void main(String[] args) {
        int total = 0;
        for (int round = 0; round < 4; round++) {
            try {
                total += descend(round == 2 ? 4 : 1, round);
            } finally {
                System.out.println("round " + round + " total " + total);
            }
        }
        System.out.println("never printed " + total);
    }
}
