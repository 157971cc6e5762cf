package dev.jdtrace.servers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The attach tests' trigger: {@code HttpAsk PORT PATH} sends one GET to loopback over a plain socket (no client
 * that sends it again when the server closes the connection) and prints the status line and the body, without
 * the headers (they hold the date), or {@code no answer}. The same every time.
 */
public final class HttpAsk {
  private HttpAsk() {
  }

  public static void main(final String[] args) throws IOException {
    System.out.println(ask(Integer.parseInt(args[0]), args[1]));
  }

  /** The status line and body of one GET, or {@code no answer}. */
  public static String ask(final int port, final String path) throws IOException {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      final OutputStream out = s.getOutputStream();
      out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      final InputStream in = s.getInputStream();
      final String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      final int headers = response.indexOf("\r\n\r\n");
      if (headers < 0) {
        return "no answer";
      }
      return response.substring(0, response.indexOf("\r\n")) + " " + response.substring(headers + 4);
    } catch (final IOException e) {
      return "no answer";
    }
  }
}
