package dev.jdtrace.programs.service;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Sends one request line ({@code args[1]}) to the service on {@code 127.0.0.1:args[0]} and prints the answer. */
public final class ServiceClient {
    private ServiceClient() {
    }

    public static void main(final String[] args) throws IOException {
        System.out.println(ask(Integer.parseInt(args[0]), args[1]));
    }

    /**
     * One request, one answer line, returned once the service has closed the connection: the service's
     * handling of the request is then over but for returning, so a trigger that runs this ends on that event,
     * not on the answer (the service writes it before it closes). A service that is still starting is given up
     * to 10 s to listen, so that a script may start it in the background and ask at once.
     */
    public static String ask(final int port, final String request) throws IOException {
        try (Socket s = connect(port);
             PrintWriter out = new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8);
             BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
            out.println(request);
            final String answer = in.readLine();
            while (in.read() >= 0) {
                // Anything after the answer line is not the answer: wait for the service to close.
            }
            return answer;
        }
    }

    private static Socket connect(final int port) throws IOException {
        final long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try {
                return new Socket(InetAddress.getLoopbackAddress(), port);
            } catch (final ConnectException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(100);
                } catch (final InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}
