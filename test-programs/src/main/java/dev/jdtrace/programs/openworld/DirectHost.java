package dev.jdtrace.programs.openworld;

import dev.jdtrace.programs.openworld.lib.Chain;
import dev.jdtrace.programs.openworld.lib.Counter;
import dev.jdtrace.programs.openworld.lib.Pentagon;
import dev.jdtrace.programs.openworld.lib.Shapes;
import dev.jdtrace.programs.openworld.lib.Square;
import dev.jdtrace.programs.openworld.lib.Triangle;
import java.util.List;

/**
 * DirectHost: an untraced application around the traced library {@code openworld.lib} that enters it only
 * by direct calls, which its class file names: no reflection, method handle or proxy. The library still
 * sorts and maps with method references the JDK calls, a thread this class starts calls into it, and
 * {@link Chain} calls back into this class, which calls the library again, several levels deep.
 * Deterministic.
 */
public final class DirectHost implements Chain.Hop {

    private DirectHost() {
    }

    @Override
    public int hop(Chain chain, int depth) throws Exception {
        return chain.descend(this, depth);
    }

    public static void main(String[] args) throws Exception {
        Counter c = new Counter(2);
        c.add(3);
        c.add(-1);
        System.out.println("value " + c.value() + " scaled " + c.scaled(3));
        System.out.println(Shapes.byName(List.of(new Square(), new Triangle(), new Pentagon())));
        System.out.println("total " + Shapes.doubledTotal(new int[] {1, 2, 3}));
        Thread worker = new Thread(() -> System.out.println("worker " + c.value()), "worker");
        worker.start();
        worker.join();
        for (int round = 0; round < 2; round++) {
            System.out.println("chain " + new Chain().run(new DirectHost(), 4));
        }
    }
}
