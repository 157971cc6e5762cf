package dev.jdtrace.programs.ending;

/**
 * A second thread calls {@code System.exit(5)} from a nested method while {@code main} waits on a
 * monitor the exiting thread holds: {@code main} is inside {@code Object.wait} when the VM dies, and can
 * never return from it, so both threads end at fixed places.
 */
public final class ExitFromThread {
    private static final Object LOCK = new Object();

    private ExitFromThread() {
    }

    static int check(int n) {
        if (n % 2 == 0) {
            return n / 2;
        }
        return 3 * n + 1;
    }

    static void finish(int steps) {
        if (steps > 5) {
            System.out.println("exiting after " + steps + " steps");
            System.exit(5);
        }
        System.out.println("not reached");
    }

    public static void main(String[] args) throws InterruptedException {
        Thread exiter = new Thread(() -> {
            // Runs only once main waits: main holds LOCK until wait() releases it.
            synchronized (LOCK) {
                int n = 7;
                int steps = 0;
                while (n != 1) {
                    n = check(n);
                    steps++;
                }
                finish(steps);
            }
        }, "exiter");
        synchronized (LOCK) {
            exiter.start();
            int warm = 0;
            for (int i = 0; i < 5; i++) {
                warm += check(i);
            }
            System.out.println("main waits after " + warm);
            LOCK.wait();
        }
        System.out.println("never printed");
    }
}
