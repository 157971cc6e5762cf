package dev.jdtrace.programs.service;

/** Request tokens. */
final class Tokens {
    private Tokens() {
    }

    /** The token as a number, or {@code null} when it is not one. */
    static Long number(final String word) {
        try {
            return Long.parseLong(word);
        } catch (final NumberFormatException e) {
            return null;
        }
    }
}
