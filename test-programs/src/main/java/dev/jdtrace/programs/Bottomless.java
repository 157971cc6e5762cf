package dev.jdtrace.programs;

/**
 * Bottomless: recursions with no base case, which only a {@code StackOverflowError} ends. Their descent
 * chooses nothing, so no choice of the decoder counts their frames: the plan must break the descent itself
 * (a witness-free cycle, DESIGN §2, Theorem 4). {@code down} is caught in {@code main}, {@code guarded} in
 * its own deepest frames (the frames above the catch then return one by one), {@code ping}/{@code pong}
 * recurse through each other.
 *
 * <p>Not in {@link Catalog}: how deep the stack goes depends on the JVM's options (run it with a small
 * {@code -Xss} and {@code -Xint}, so that every session's frames have the same size).
 */
public final class Bottomless {
    private static int caughtAt = -1;

    private Bottomless() {
    }

    static void down(int d) {
        down(d + 1);
    }

    static void guarded(int d) {
        try {
            guarded(d + 1);
        } catch (StackOverflowError e) {
            caughtAt = d;
        }
    }

    static void ping(int d) {
        pong(d + 1);
    }

    static void pong(int d) {
        ping(d + 1);
    }

    public static void main(String[] args) {
        try {
            down(0);
        } catch (StackOverflowError e) {
            System.out.println("down overflowed");
        }
        guarded(0);
        System.out.println("guarded caught it " + (caughtAt > 0 ? "deep" : "at the top"));
        try {
            ping(0);
        } catch (StackOverflowError e) {
            System.out.println("ping and pong overflowed");
        }
    }
}
