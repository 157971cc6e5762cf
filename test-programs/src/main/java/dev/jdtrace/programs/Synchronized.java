package dev.jdtrace.programs;

/**
 * Synchronized: {@code synchronized} instance and static methods, {@code synchronized} blocks
 * ({@code monitorenter}/{@code monitorexit} and their compiler-generated catch-any handlers),
 * nested blocks on two different locks, reentrant locking of a lock already held, an early
 * {@code return} and a {@code break} from inside a synchronized block, and an exception thrown
 * inside a synchronized block that releases the monitor on the way out. Single-threaded, so no
 * lock is ever contended.
 */
public final class Synchronized {

    private static final Object GLOBAL = new Object();
    private static int globalCount;

    private final Object lockA = new Object();
    private final Object lockB = new Object();
    private int counter;

    private Synchronized() {
    }

    synchronized void increment(int by) {
        counter += by;
    }

    /** Reentrant: a synchronized method that calls another synchronized method on this. */
    synchronized int incrementTwice(int by) {
        increment(by);
        increment(by);
        return counter;
    }

    static synchronized void bumpGlobal() {
        globalCount++;
    }

    int nested(int x) {
        synchronized (lockA) {
            int r = x;
            synchronized (lockB) {
                r += 10;
                synchronized (lockA) {   // reentrant on lockA
                    r *= 2;
                }
            }
            return r;
        }
    }

    int firstMultipleOf(int[] values, int k) {
        int found = -1;
        for (int v : values) {
            synchronized (lockB) {
                if (v % k == 0) {
                    found = v;
                    break;               // leaves the synchronized block
                }
            }
        }
        return found;
    }

    String earlyReturn(int x) {
        synchronized (this) {
            if (x < 0) {
                return "negative";
            }
            counter += x;
        }
        return "added";
    }

    int throwing(int x) {
        try {
            synchronized (GLOBAL) {
                if (x == 0) {
                    throw new IllegalStateException("zero");
                }
                return 100 / x;
            }
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    public static void main(String[] args) {
        Synchronized s = new Synchronized();
        for (int i = 1; i <= 8; i++) {
            s.increment(i);
            bumpGlobal();
        }
        System.out.println("counter=" + s.counter + " twice=" + s.incrementTwice(3) + " global=" + globalCount);

        StringBuilder sb = new StringBuilder("nested:");
        for (int i = 0; i < 6; i++) {
            sb.append(' ').append(s.nested(i));
        }
        System.out.println(sb);

        int[] values = {5, 7, 9, 12, 14};
        System.out.println("first multiple of 4=" + s.firstMultipleOf(values, 4)
                + " of 11=" + s.firstMultipleOf(values, 11));
        System.out.println("early: " + s.earlyReturn(-2) + " " + s.earlyReturn(4) + " counter=" + s.counter);
        System.out.println("throwing: " + s.throwing(5) + " " + s.throwing(0) + " " + s.throwing(-4));
        System.out.println("locks free: " + !Thread.holdsLock(GLOBAL) + " " + !Thread.holdsLock(s));
    }
}
