package dev.jdtrace.programs;

/**
 * Switches: a dense {@code int} switch (compiled to {@code tableswitch}), a sparse {@code int}
 * switch (compiled to {@code lookupswitch}), both with fall-through and {@code default}, a
 * {@code String} switch (hash lookup plus {@code equals}, including a hash collision), an
 * {@code enum} switch (through the synthetic switch-map class), and switch expressions with
 * arrows, multiple labels and {@code yield}.
 */
public final class Switches {

    enum Color { RED, GREEN, BLUE, BLACK }

    private Switches() {
    }

    /** Dense cases 0..5: tableswitch, with fall-through from 2 into 3. */
    static int dense(int x) {
        int r = 0;
        switch (x) {
            case 0:
                r = 10;
                break;
            case 1:
                r = 11;
                break;
            case 2:
                r = 1;
                // fall through
            case 3:
                r += 13;
                break;
            case 4:
                r = 14;
                break;
            case 5:
                r = 15;
                break;
            default:
                r = -1;
        }
        return r;
    }

    /** Sparse cases: lookupswitch. */
    static String sparse(int x) {
        switch (x) {
            case -1000:
                return "minus-thousand";
            case 7:
                return "seven";
            case 4096:
                return "page";
            case 1_000_000:
                return "million";
            default:
                return "other";
        }
    }

    /** String switch. "Aa" and "BB" have the same hash code, so equals decides between them. */
    static int word(String s) {
        switch (s) {
            case "alpha":
                return 1;
            case "beta":
                return 2;
            case "Aa":
                return 3;
            case "BB":
                return 4;
            default:
                return 0;
        }
    }

    /** Enum switch statement. */
    static String mood(Color c) {
        String m;
        switch (c) {
            case RED:
                m = "angry";
                break;
            case GREEN:
                m = "calm";
                break;
            case BLUE:
                m = "sad";
                break;
            default:
                m = "unknown";
        }
        return m;
    }

    /** Switch expression over an enum with multiple labels and a yield block. */
    static int weight(Color c) {
        return switch (c) {
            case RED, GREEN -> 1;
            case BLUE -> 2;
            default -> {
                int w = c.ordinal() * 10;
                yield w + 1;
            }
        };
    }

    /** Switch expression over an int with yield. */
    static String parity(int x) {
        return switch (x % 4) {
            case 0 -> "zero";
            case 1, -1 -> "one";
            case 2, -2 -> {
                String s = "two";
                yield s.toUpperCase();
            }
            default -> "three";
        };
    }

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder("dense:");
        for (int x = -1; x <= 6; x++) {
            sb.append(' ').append(dense(x));
        }
        System.out.println(sb);

        int[] sparseInputs = {7, 4096, 8, -1000, 1_000_000};
        sb = new StringBuilder("sparse:");
        for (int x : sparseInputs) {
            sb.append(' ').append(sparse(x));
        }
        System.out.println(sb);

        String[] words = {"alpha", "gamma", "Aa", "BB", "beta", "Ab"};
        sb = new StringBuilder("words:");
        for (String w : words) {
            sb.append(' ').append(word(w));
        }
        System.out.println(sb);

        sb = new StringBuilder("colors:");
        for (Color c : Color.values()) {
            sb.append(' ').append(mood(c)).append('/').append(weight(c));
        }
        System.out.println(sb);

        sb = new StringBuilder("parity:");
        for (int x = -3; x <= 4; x++) {
            sb.append(' ').append(parity(x));
        }
        System.out.println(sb);
    }
}
