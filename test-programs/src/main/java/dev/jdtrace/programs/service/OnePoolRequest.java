package dev.jdtrace.programs.service;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@link PoolServer} for exactly one request ({@code args[0]}), with this program as its own client: the
 * worker that answers it takes the path a running {@link PoolServer}'s worker takes for the same request.
 */
public final class OnePoolRequest {
    private OnePoolRequest() {
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            final ExecutorService pool = PoolServer.workers();
            final Thread acceptor = new Thread(() -> {
                try {
                    PoolServer.acceptLoop(server, pool, 1);
                } catch (final IOException e) {
                    throw new IllegalStateException(e);
                }
            }, "acceptor");
            acceptor.start();
            System.out.println(ServiceClient.ask(server.getLocalPort(), args[0]));
            acceptor.join();
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }
}
