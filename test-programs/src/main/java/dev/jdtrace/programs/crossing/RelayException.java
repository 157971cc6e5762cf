package dev.jdtrace.programs.crossing;

import java.util.function.IntSupplier;

/** An untraced exception whose constructor and {@code toString} call traced code (as parsers' locations do). */
public final class RelayException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient IntSupplier detail;

    public RelayException(String message, IntSupplier detail) {
        super(message + " at " + detail.getAsInt());
        this.detail = detail;
    }

    @Override
    public String toString() {
        return "RelayException(" + getMessage() + ", now " + detail.getAsInt() + ")";
    }
}
