package dev.jdtrace.programs.service;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * {@link LoopServer}'s loop for exactly one request ({@code args[0]}) and then {@code stop}, with this
 * program as its own client. Its {@code loop} thread goes once around the loop for the request, from
 * the {@code accept} call back to it, as a running {@link LoopServer} does for the same request.
 */
public final class OneLoopRequest {
    private OneLoopRequest() {
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            final Thread loop = new Thread(() -> {
                try {
                    LoopServer.serve(server);
                } catch (final IOException e) {
                    throw new IllegalStateException(e);
                }
            }, "loop");
            loop.start();
            System.out.println(ServiceClient.ask(server.getLocalPort(), args[0]));
            ServiceClient.ask(server.getLocalPort(), "stop");
            loop.join();
        }
    }
}
