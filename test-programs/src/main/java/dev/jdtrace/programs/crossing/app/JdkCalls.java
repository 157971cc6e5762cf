package dev.jdtrace.programs.crossing.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntUnaryOperator;

/**
 * Calls into the JDK that the planner proves cannot call back (their bodies never leave the JDK), some of them
 * throwing into traced code, beside look-alikes that do call back: a constructor of the JDK's
 * {@code RuntimeException} run by a traced subclass's {@code super(…)} calls its {@code fillInStackTrace}
 * override, and {@code Objects.hashCode} calls a traced {@code hashCode}.
 */
public final class JdkCalls {
    private JdkCalls() {
    }

    /** A traced exception whose fillInStackTrace the JDK's Throwable constructor calls back. */
    static final class Counted extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static int fills;

        Counted(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            fills++;
            return fills > 2 ? this : super.fillInStackTrace();
        }
    }

    /** A traced key whose hashCode untraced code calls. */
    record Key(int value) {
        @Override
        public int hashCode() {
            return value % 2 == 0 ? value : -value;
        }
    }

    public static void main(String[] args) {
        int total = 0;
        for (int i = 0; i < 4; i++) {
            Optional<String> name = Optional.ofNullable(i % 2 == 0 ? "n" + i : null);
            total += name.isPresent() ? name.get().length() : -1;
            total += name.orElse("none").length();
            try {
                Objects.requireNonNull(i % 3 == 0 ? null : "y", "required");
                total++;
            } catch (NullPointerException e) {
                total += 10;
            }
            try {
                List<String> list = new ArrayList<>(i - 2);
                total += list.size();
            } catch (IllegalArgumentException e) {
                total += 100;
            }
            IntUnaryOperator twice = x -> x * 2;
            total += twice.applyAsInt(i);
            try {
                if (i >= 2) {
                    throw new Counted("c" + i);
                }
            } catch (Counted e) {
                total += Counted.fills;
            }
            total += "ab2".equals(new StringBuilder("ab").append(i).toString()) ? 1000 : 0;
            total += Objects.hashCode(new Key(i));
        }
        System.out.println(total);
    }
}
