package dev.jdtrace.programs.openworld.lib;

/**
 * Calls out to untraced code, which calls back in: traced, untraced, traced, several levels deep, in a
 * loop.
 */
public final class Chain {

    /** The untraced side of the chain. */
    public interface Hop {
        int hop(Chain chain, int depth) throws Exception;
    }

    public int run(Hop hop, int depth) throws Exception {
        int sum = 0;
        for (int i = 0; i < 2; i++) {
            sum += hop.hop(this, depth);
        }
        return sum;
    }

    public int descend(Hop hop, int depth) throws Exception {
        if (depth == 0) {
            return 1;
        }
        return hop.hop(this, depth - 1) + depth;
    }
}
