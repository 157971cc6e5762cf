package dev.jdtrace.programs.service;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A single-threaded line-per-request server whose request loop is traced code: {@code main} accepts each
 * connection on {@code 127.0.0.1:PORT} (0 picks a free port; it prints {@code listening on N}) and answers
 * its one line on the same thread. Requests are those of {@link RequestHandler}, plus {@code div A B}
 * (dividing by zero throws inside the loop, which catches it and answers {@code error: / by zero}) and
 * {@code stop}, which ends the loop.
 */
public final class LoopServer {
    private LoopServer() {
    }

    public static void main(final String[] args) throws IOException {
        final ServerSocket server = new ServerSocket(Integer.parseInt(args[0]), 50, InetAddress.getLoopbackAddress());
        System.out.println("listening on " + server.getLocalPort());
        System.out.flush();
        serve(server);
    }

    /** Answers one request per connection until a {@code stop} request. */
    static void serve(final ServerSocket server) throws IOException {
        boolean running = true;
        while (running) {
            try (Socket s = server.accept();
                 BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                 PrintWriter out = new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8)) {
                final String line = in.readLine();
                String answer;
                try {
                    answer = reply(line);
                } catch (final ArithmeticException e) {
                    answer = "error: " + e.getMessage();
                }
                out.println(answer);
                running = !"stop".equals(line);
            }
        }
    }

    private static String reply(final String line) {
        if (line == null) {
            return "empty request";
        }
        if (line.startsWith("div ")) {
            final String[] words = line.split(" ");
            return "div=" + Long.parseLong(words[1]) / Long.parseLong(words[2]);
        }
        return line.equals("stop") ? "stopped" : RequestHandler.handle(line);
    }
}
