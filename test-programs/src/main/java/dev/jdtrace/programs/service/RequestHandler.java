package dev.jdtrace.programs.service;

/**
 * The service's request logic: {@code sum N...}, {@code max N...}, {@code echo WORDS} or anything else.
 * A token that is not a number is skipped ({@link Tokens} catches the {@link NumberFormatException}).
 * This class has no exception handler, so it can also be traced from the bytecode a JVM shows over JDI,
 * which has no exception tables.
 */
public final class RequestHandler {
    private RequestHandler() {
    }

    /** The answer to one request line. */
    public static String handle(final String request) {
        final String[] words = request.trim().split(" ");
        switch (words[0]) {
            case "sum":
                return "sum=" + fold(words, false);
            case "max":
                return "max=" + fold(words, true);
            case "echo":
                final StringBuilder sb = new StringBuilder();
                for (int i = words.length - 1; i > 0; i--) {
                    sb.append(words[i]);
                    if (i > 1) {
                        sb.append(' ');
                    }
                }
                return sb.toString();
            default:
                return "unknown request: " + words[0];
        }
    }

    /** Reached only by reflection, from {@link Service#dispatch}: each word in upper case, last first. */
    public static String shout(final String words) {
        final String[] w = words.split(" ");
        final StringBuilder sb = new StringBuilder();
        for (int i = w.length - 1; i >= 0; i--) {
            sb.append(w[i].toUpperCase()).append(i > 0 ? " " : "!");
        }
        return sb.toString();
    }

    private static long fold(final String[] words, final boolean max) {
        long acc = max ? Long.MIN_VALUE : 0;
        for (int i = 1; i < words.length; i++) {
            final Long n = Tokens.number(words[i]);
            if (n == null) {
                continue;
            }
            acc = max ? Math.max(acc, n) : acc + n;
        }
        return acc;
    }
}
