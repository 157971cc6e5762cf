package dev.jdtrace.programs.service;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Listens on {@code 127.0.0.1:PORT} (0 picks a free port; it prints {@code listening on N}) and answers
 * every connection's one request line on a new thread {@code handler-N}. Runs until killed.
 */
public final class Service {
    private Service() {
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        final ServerSocket server = new ServerSocket(Integer.parseInt(args[0]), 50, InetAddress.getLoopbackAddress());
        System.out.println("listening on " + server.getLocalPort());
        System.out.flush();
        acceptLoop(server, Integer.MAX_VALUE);
    }

    /** Accepts {@code limit} connections, each answered on its own thread; waits for the last one. */
    static void acceptLoop(final ServerSocket server, final int limit) throws IOException, InterruptedException {
        Thread last = null;
        for (int n = 1; n <= limit; n++) {
            final Socket socket = server.accept();
            last = new Thread(() -> serve(socket), "handler-" + n);
            last.start();
        }
        if (last != null) {
            last.join();
        }
    }

    /** Reads one request line and writes its answer. */
    static void serve(final Socket socket) {
        try (Socket s = socket;
             BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8)) {
            final String request = in.readLine();
            out.println(request == null ? "empty request" : dispatch(request));
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code reflect NAME WORDS} calls the handler's method NAME by reflection, as frameworks dispatch;
     * anything else goes to {@link RequestHandler#handle}.
     */
    static String dispatch(final String request) {
        if (!request.startsWith("reflect ")) {
            return RequestHandler.handle(request);
        }
        final String[] parts = request.split(" ", 3);
        try {
            return (String) RequestHandler.class.getMethod(parts[1], String.class).invoke(null,
                    parts.length > 2 ? parts[2] : "");
        } catch (final ReflectiveOperationException e) {
            return "no handler " + parts[1];
        }
    }
}
