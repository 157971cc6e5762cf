package dev.jdtrace.servers;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * The JDK's {@code com.sun.net.httpserver.HttpServer} on loopback with {@link Page} as its handler, on a fixed
 * pool of 32 workers: the pool starts a new worker for each of its first 32 requests, so every session's request
 * runs on a thread of its own. Prints {@code listening on PORT}; runs until killed.
 */
public final class JdkHttpService {
  private JdkHttpService() {
  }

  public static void main(final String[] args) throws IOException {
    final HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(),
        Integer.parseInt(args[0])), 0);
    server.createContext("/", JdkHttpService::handle);
    server.setExecutor(Executors.newFixedThreadPool(32));
    server.start();
    System.out.println("listening on " + server.getAddress().getPort());
    System.out.flush();
  }

  /** Answers the page; when rendering throws, the server closes the exchange without an answer. */
  static void handle(final HttpExchange exchange) throws IOException {
    final byte[] body = (exchange.getRequestURI().getPath().startsWith("/static") ? Page.STATIC
        : Page.render(exchange.getRequestURI().getQuery())).getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
