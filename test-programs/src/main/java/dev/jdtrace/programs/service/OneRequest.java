package dev.jdtrace.programs.service;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * The service for exactly one request ({@code args[0]}): the same accept loop and handling code as
 * {@link Service}, with this program as its own client. Its {@code handler-1} thread takes the path a
 * running {@link Service}'s handler takes for the same request.
 */
public final class OneRequest {
    private OneRequest() {
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            final Thread acceptor = new Thread(() -> {
                try {
                    Service.acceptLoop(server, 1);
                } catch (final IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, "acceptor");
            acceptor.start();
            System.out.println(ServiceClient.ask(server.getLocalPort(), args[0]));
            acceptor.join();
        }
    }
}
