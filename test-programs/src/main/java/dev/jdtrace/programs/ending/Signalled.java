package dev.jdtrace.programs.ending;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Has a shell send a signal to its own JVM. With {@code TERM} (the default) the JVM runs its shutdown hook
 * and exits with status 143; with {@code KILL} it dies at once, and no tracer can know where its threads
 * stood. {@code main} holds a lock from before it starts the shell until it parks on a condition nobody
 * signals, which releases the lock atomically; the hook takes that lock first, so the VM can only end once
 * {@code main} is parked there, whenever the signal lands.
 */
public final class Signalled {
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final Condition NEVER = LOCK.newCondition();

    private Signalled() {
    }

    static void hook() {
        LOCK.lock();
        LOCK.unlock();
        int n = 0;
        for (int i = 0; i < 4; i++) {
            n += i % 2 == 0 ? i : -1;
        }
        System.out.println("hook ran " + n);
    }

    public static void main(String[] args) throws Exception {
        String signal = args.length > 0 ? args[0] : "TERM";
        Runtime.getRuntime().addShutdownHook(new Thread(Signalled::hook, "hook"));
        LOCK.lock();
        int work = 0;
        for (int i = 0; i < 5; i++) {
            work += i * i;
        }
        System.out.println("signalling after " + work);
        // The shell outlives the JVM by at most a moment: it waits for the JVM to be gone.
        new ProcessBuilder("sh", "-c",
                "kill -" + signal + " $PPID; while kill -0 $PPID 2>/dev/null; do sleep 0.05; done").start();
        NEVER.awaitUninterruptibly();
        System.out.println("never printed");
    }
}
