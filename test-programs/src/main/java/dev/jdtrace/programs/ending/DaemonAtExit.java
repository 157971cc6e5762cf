package dev.jdtrace.programs.ending;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A daemon thread serves a queue in a loop; {@code main} returns normally and the VM ends while the
 * daemon is parked inside its loop. The daemon parks deterministically: on the end-of-work item it
 * signals {@code main} and waits on a condition nobody signals, which releases the lock atomically, so
 * {@code main} can only go on once the daemon is parked there.
 */
public final class DaemonAtExit {
    private static final BlockingQueue<Integer> WORK = new LinkedBlockingQueue<>();
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final Condition PARKED = LOCK.newCondition();
    private static final Condition NEVER = LOCK.newCondition();
    private static boolean parked;
    /** Never cleared: a loop with a way out, as servers have (a loop without one weighs a million times). */
    private static boolean serving = true;
    private static int served;

    private DaemonAtExit() {
    }

    static void serve() throws InterruptedException {
        while (serving) {
            int item = WORK.take();
            if (item < 0) {
                park();
            } else if (item % 2 == 0) {
                served += item;
            } else {
                served -= 1;
            }
        }
    }

    static void park() {
        LOCK.lock();
        try {
            parked = true;
            PARKED.signalAll();
            NEVER.awaitUninterruptibly();
        } finally {
            LOCK.unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread daemon = new Thread(() -> {
            try {
                serve();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "server");
        daemon.setDaemon(true);
        daemon.start();
        LOCK.lock();
        try {
            for (int i = 0; i < 6; i++) {
                WORK.put(i);
            }
            WORK.put(-1);
            while (!parked) {
                PARKED.awaitUninterruptibly();
            }
            System.out.println("served " + served);
        } finally {
            LOCK.unlock();
        }
        System.out.println("main returns");
    }
}
