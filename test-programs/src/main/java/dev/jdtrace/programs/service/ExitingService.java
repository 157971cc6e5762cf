package dev.jdtrace.programs.service;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A {@link Service} that answers two requests and then exits with {@code System.exit}: a target that dies
 * during an attached session (after a first request has loaded its classes).
 */
public final class ExitingService {
    private ExitingService() {
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        final ServerSocket server = new ServerSocket(Integer.parseInt(args[0]), 50, InetAddress.getLoopbackAddress());
        System.out.println("listening on " + server.getLocalPort());
        System.out.flush();
        Service.acceptLoop(server, 2);
        System.exit(0);
    }
}
