package dev.jdtrace.programs.libs;

/** A seeded linear congruential generator, so the drivers' inputs are the same on every run. */
final class Gen {

    private static final String[] WORDS = {
        "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
        "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon",
        "Quick", "brown", "FOX", "jumps", "over", "the", "lazy", "dog", "<tag>", "a&b",
        "\"quoted\"", "it's", "tab\there", "caf\u00e9", "na\u00efve", "x", "", "  padded  "};

    private long state;

    Gen(long seed) {
        this.state = seed;
    }

    /** Next pseudo-random value in [0, bound). */
    int next(int bound) {
        state = (state * 6364136223846793005L + 1442695040888963407L);
        return (int) ((state >>> 33) % bound);
    }

    String word() {
        return WORDS[next(WORDS.length)];
    }

    /** A sentence of 2 to 7 words joined by a space, comma or hyphen. */
    String sentence() {
        int count = 2 + next(6);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                int sep = next(4);
                sb.append(sep == 0 ? ", " : sep == 1 ? "-" : " ");
            }
            sb.append(word());
        }
        return sb.toString();
    }

    /** A numeric-looking string: integers, decimals, hex, scientific notation, or junk. */
    String number() {
        switch (next(7)) {
            case 0:
                return Integer.toString(next(100000));
            case 1:
                return "-" + next(1000) + "." + next(100);
            case 2:
                return "0x" + Integer.toHexString(next(65536));
            case 3:
                return next(10) + "." + next(10) + "e" + next(20);
            case 4:
                return next(1000) + "L";
            case 5:
                return "12a" + next(10);
            default:
                return Long.toString(3000000000L + next(1000000));
        }
    }

    static int parseSize(String[] args, int defaultSize) {
        if (args.length == 0) {
            return defaultSize;
        }
        int n = Integer.parseInt(args[0].trim());
        if (n < 0) {
            throw new IllegalArgumentException("size must be >= 0: " + n);
        }
        return n;
    }
}
