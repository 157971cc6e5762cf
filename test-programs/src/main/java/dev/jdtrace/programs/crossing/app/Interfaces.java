package dev.jdtrace.programs.crossing.app;

import java.util.ArrayList;
import java.util.List;

/**
 * Calls on traced interfaces, which the planner dispatches over the traced classes when only lambda proxies of
 * traced code can implement an interface from outside: a functional interface that traced classes and a lambda
 * implement, an interface with a default method that only traced classes implement, a lambda that implements an
 * interface as the marker of an intersection cast (so a call of that interface's method runs the lambda's proxy),
 * a lambda that the JDK calls, and an exception thrown through an interface call.
 */
public final class Interfaces {
    private Interfaces() {
    }

    /** Implemented by a traced class and by lambdas. */
    interface Rate {
        int apply(int x);
    }

    /** Implemented by traced classes only. */
    interface Fee {
        int fee(int x);

        default int twice(int x) {
            return fee(x) + fee(x + 1);
        }
    }

    /** A lambda implements it as a marker: its run is the lambda's. */
    interface Marked {
        void run();
    }

    static final class Flat implements Rate {
        @Override
        public int apply(int x) {
            return x;
        }
    }

    static final class Fixed implements Fee {
        @Override
        public int fee(int x) {
            if (x > 6) {
                throw new IllegalStateException("fee " + x);
            }
            return x % 2 == 0 ? 5 : 7;
        }
    }

    static final class Scaled implements Fee {
        @Override
        public int fee(int x) {
            return x * 3;
        }

        @Override
        public int twice(int x) {
            return fee(x) * 2;
        }
    }

    static int total;

    static int charge(Rate rate, Fee fee, int x) {
        return rate.apply(x) + fee.twice(x);
    }

    static void mark(Marked marked) {
        marked.run();
    }

    public static void main(String[] args) {
        final Rate plusOne = x -> x + 1;
        final List<Fee> fees = List.of(new Fixed(), new Scaled());
        for (int i = 0; i < 8; i++) {
            final Rate rate = i % 3 == 0 ? new Flat() : plusOne;
            try {
                total += charge(rate, fees.get(i % 2), i);
            } catch (IllegalStateException e) {
                total -= e.getMessage().length();
            }
        }
        final Runnable counted = (Runnable & Marked) () -> total++;
        for (int i = 0; i < 3; i++) {
            mark(i % 2 == 0 ? (Marked) counted : () -> total += 10);
        }
        final List<Integer> seen = new ArrayList<>();
        fees.forEach(f -> seen.add(f.fee(seen.size())));
        System.out.println(total + " " + seen);
    }
}
