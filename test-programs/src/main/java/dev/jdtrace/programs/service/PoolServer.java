package dev.jdtrace.programs.service;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * A thread-pool server: {@code main} accepts connections on {@code 127.0.0.1:PORT} (0 picks a free port;
 * it prints {@code listening on N}) in traced code and hands each to a pool of two workers, which answer
 * it as {@link Service} does and park in the JDK's queue ({@code LinkedBlockingQueue.take}) between tasks.
 * The workers are started before the first request, so every request takes the same path.
 */
public final class PoolServer {
    private PoolServer() {
    }

    public static void main(final String[] args) throws IOException {
        final ServerSocket server = new ServerSocket(Integer.parseInt(args[0]), 50, InetAddress.getLoopbackAddress());
        final ExecutorService pool = workers();
        System.out.println("listening on " + server.getLocalPort());
        System.out.flush();
        acceptLoop(server, pool, Integer.MAX_VALUE);
    }

    /** Two workers, started and waiting for tasks. */
    static ExecutorService workers() {
        final ThreadPoolExecutor pool = (ThreadPoolExecutor) Executors.newFixedThreadPool(2);
        pool.prestartAllCoreThreads();
        return pool;
    }

    /** Accepts {@code limit} connections and hands each to the pool. */
    static void acceptLoop(final ServerSocket server, final ExecutorService pool, final int limit) throws IOException {
        for (int n = 1; n <= limit; n++) {
            final Socket socket = server.accept();
            pool.execute(() -> Service.serve(socket));
        }
    }
}
