package dev.jdtrace.programs;

/**
 * StaticInit: class initializers ({@code <clinit>}) of user classes that run at first active use,
 * in the middle of {@code main}'s blocks: triggered by {@code new}, by {@code getstatic}, by
 * {@code putstatic} and by {@code invokestatic}; a subclass whose initialization first initializes
 * its superclass; an initializer that itself triggers another class's initializer; an initializer
 * with a branch and a loop; and an enum's initializer. Second uses of each class show that the
 * initializers run only once. No field read here is a compile-time constant, so every access is a
 * real field instruction.
 */
public final class StaticInit {

    /** Initialization order, appended to by each initializer. */
    static final StringBuilder LOG = new StringBuilder();

    private StaticInit() {
    }

    static void log(String what) {
        if (LOG.length() > 0) {
            LOG.append(" > ");
        }
        LOG.append(what);
    }

    /** Initialized by {@code new}. */
    static final class ByNew {
        static int instances;

        static {
            log("ByNew");
            instances = 0;
        }

        final int id;

        ByNew() {
            id = ++instances;
        }
    }

    /** Initialized by {@code getstatic}. */
    static final class ByGetstatic {
        static final int VALUE = Integer.parseInt("41") + 1;

        static {
            log("ByGetstatic");
        }
    }

    /** Initialized by {@code putstatic}. */
    static final class ByPutstatic {
        static int slot;

        static {
            log("ByPutstatic");
            slot = -1;
        }
    }

    /** Initialized by {@code invokestatic}; its initializer initializes {@link Chained}. */
    static final class ByInvokestatic {
        static final int BASE;

        static {
            log("ByInvokestatic");
            BASE = Chained.FACTOR * 2;
        }

        static int scaled(int x) {
            return x * BASE;
        }
    }

    /** Initialized from inside another class's initializer. */
    static final class Chained {
        static final int FACTOR;

        static {
            log("Chained");
            FACTOR = "chain".length();
        }
    }

    /** Initializer with a branch and a loop. */
    static final class WithBranch {
        static final String MODE;
        static final int SUM;

        static {
            log("WithBranch");
            int sum = 0;
            for (int i = 1; i <= 6; i++) {
                sum += i;
            }
            SUM = sum;
            if (sum > 20) {
                MODE = "big";
            } else {
                MODE = "small";
            }
        }
    }

    static class Parent {
        static final String TAG;

        static {
            log("Parent");
            TAG = "p";
        }
    }

    /** {@code new Child()} initializes Parent first, then Child. */
    static final class Child extends Parent {
        static final String CHILD_TAG;

        static {
            log("Child");
            CHILD_TAG = TAG + "c";
        }
    }

    enum Level {
        LOW(1), MID(5), HIGH(9);

        final int weight;

        Level(int weight) {
            this.weight = weight;
        }

        static {
            log("Level");
        }
    }

    public static void main(String[] args) {
        int a = 1;
        ByNew first = new ByNew();                        // new: runs ByNew.<clinit>
        int b = a + ByGetstatic.VALUE;                    // getstatic: runs ByGetstatic.<clinit>
        ByPutstatic.slot = b;                             // putstatic: runs ByPutstatic.<clinit>
        int c = ByInvokestatic.scaled(3);                 // invokestatic: ByInvokestatic then Chained
        String mode = WithBranch.MODE;                    // branchy initializer
        Child child = new Child();                        // Parent then Child
        int w = Level.MID.weight;                         // enum initializer
        System.out.println("order: " + LOG);

        // Later uses, in a loop: no initializer runs again.
        int logLength = LOG.length();
        ByNew second = first;
        int d = 0;
        for (int round = 0; round < 5; round++) {
            second = new ByNew();
            ByPutstatic.slot += ByGetstatic.VALUE;
            d += ByInvokestatic.scaled(round) + Chained.FACTOR;
            if (Level.values()[round % 3] == Level.HIGH) {
                d += WithBranch.SUM;
            }
        }
        System.out.println("values: ids=" + first.id + "," + second.id + " b=" + b + " slot=" + ByPutstatic.slot
                + " c=" + c + " d=" + d + " mode=" + mode + " sum=" + WithBranch.SUM + " tag=" + Child.CHILD_TAG
                + " child=" + (child != null) + " w=" + w);
        System.out.println("no re-init: " + (LOG.length() == logLength));
    }
}
