package dev.jdtrace.programs.service;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.CountDownLatch;

/**
 * {@link LoopServer} with two more threads inside traced code for good: {@code holder} holds a lock while
 * it sleeps (at rest in an untraced call), and {@code waiter} waits for that lock at a
 * {@code monitorenter}, in the middle of a traced block. Both are in place before it prints
 * {@code listening on N}.
 */
public final class BlockedServer {
    private static final Object LOCK = new Object();
    private static final CountDownLatch HELD = new CountDownLatch(1);
    private static int entered;

    private BlockedServer() {
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        final ServerSocket server = new ServerSocket(Integer.parseInt(args[0]), 50, InetAddress.getLoopbackAddress());
        final Thread holder = new Thread(BlockedServer::hold, "holder");
        holder.setDaemon(true);
        holder.start();
        HELD.await();
        final Thread waiter = new Thread(BlockedServer::enter, "waiter");
        waiter.setDaemon(true);
        waiter.start();
        while (waiter.getState() != Thread.State.BLOCKED) {
            Thread.onSpinWait();
        }
        System.out.println("listening on " + server.getLocalPort());
        System.out.flush();
        LoopServer.serve(server);
    }

    private static void hold() {
        synchronized (LOCK) {
            HELD.countDown();
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void enter() {
        synchronized (LOCK) {
            entered++;
        }
    }
}
