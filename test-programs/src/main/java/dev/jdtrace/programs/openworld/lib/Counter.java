package dev.jdtrace.programs.openworld.lib;

/** A counter the untraced host reaches directly, by reflection and through a method handle. */
public final class Counter {
    private int value;

    public Counter(int start) {
        value = start;
    }

    public void add(int n) {
        if (n > 0) {
            value += n;
        } else {
            value -= n;
        }
    }

    /** One block, no call: an entry from untraced code here is seen by nothing but its own witness. */
    public int value() {
        return value;
    }

    private int secret() {
        return value * 7;
    }

    public int scaled(int k) {
        return value * k;
    }

    public static int twice(int x) {
        return 2 * x;
    }
}
