package dev.jdtrace.programs.openworld;

import dev.jdtrace.programs.openworld.lib.Chain;
import dev.jdtrace.programs.openworld.lib.Counter;
import dev.jdtrace.programs.openworld.lib.Greeter;
import dev.jdtrace.programs.openworld.lib.GreeterHandler;
import dev.jdtrace.programs.openworld.lib.Pentagon;
import dev.jdtrace.programs.openworld.lib.Shapes;
import dev.jdtrace.programs.openworld.lib.Square;
import dev.jdtrace.programs.openworld.lib.Triangle;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * Host: the untraced application around the traced library {@code openworld.lib}. It calls the library
 * directly, by reflection (a one-block getter, a private method, a constructor), through a method handle
 * and through a dynamic proxy whose handler is traced; the library sorts and maps with method references
 * the JDK calls; and {@link Chain} calls back into this untraced class, which calls the library again,
 * several levels deep, in a loop. A thread this class starts enters the library by reflection first.
 * Deterministic.
 */
public final class Host implements Chain.Hop {

    private Host() {
    }

    @Override
    public int hop(Chain chain, int depth) throws Exception {
        if (depth % 2 == 0) {
            return chain.descend(this, depth);
        }
        Method descend = Chain.class.getMethod("descend", Chain.Hop.class, int.class);
        return (Integer) descend.invoke(chain, this, depth);
    }

    public static void main(String[] args) throws Throwable {
        Counter c = new Counter(2);
        c.add(3);
        c.add(-1);
        Method value = Counter.class.getMethod("value");
        System.out.println("value " + value.invoke(c));
        Method secret = Counter.class.getDeclaredMethod("secret");
        secret.setAccessible(true);
        System.out.println("secret " + secret.invoke(c));
        Counter d = Counter.class.getConstructor(int.class).newInstance(5);
        MethodHandle scaled = MethodHandles.lookup().findVirtual(Counter.class, "scaled",
                MethodType.methodType(int.class, int.class));
        System.out.println("scaled " + (int) scaled.invokeExact(d, 3));
        Greeter greeter = (Greeter) Proxy.newProxyInstance(Host.class.getClassLoader(),
                new Class<?>[] {Greeter.class}, new GreeterHandler("hello"));
        System.out.println(greeter.greet("world"));
        System.out.println(Shapes.byName(List.of(new Square(), new Triangle(), new Pentagon())));
        System.out.println("total " + Shapes.doubledTotal(new int[] {1, 2, 3}));
        Thread worker = new Thread(() -> {
            try {
                System.out.println("worker " + value.invoke(c));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }, "worker");
        worker.start();
        worker.join();
        for (int round = 0; round < 2; round++) {
            System.out.println("chain " + new Chain().run(new Host(), 4));
        }
    }
}
