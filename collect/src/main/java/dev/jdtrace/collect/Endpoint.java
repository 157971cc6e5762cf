package dev.jdtrace.collect;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * A JDWP debug port to attach to.
 *
 * @param host a host name or address
 * @param port the TCP port, 1 to 65535
 */
public record Endpoint(String host, int port) {

  /**
   * Parses {@code HOST:PORT} ({@code [::1]:PORT} for an IPv6 address).
   *
   * @throws IllegalArgumentException when the text is not of that form
   */
  public static Endpoint parse(final String text) {
    final int colon = text.lastIndexOf(':');
    String host = colon > 0 ? text.substring(0, colon) : "";
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    final String port = colon > 0 ? text.substring(colon + 1) : "";
    if (host.isEmpty() || !port.matches("[0-9]{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535
        || host.contains(":") && !text.startsWith("[")) {
      throw new IllegalArgumentException("malformed target '" + text + "': expected HOST:PORT with a port from 1 to "
          + "65535, such as 127.0.0.1:5005");
    }
    return new Endpoint(host, Integer.parseInt(port));
  }

  /** Whether every address of the host is a loopback address (an unknown host is not). */
  public boolean isLoopback() {
    try {
      for (final InetAddress a : InetAddress.getAllByName(host)) {
        if (!a.isLoopbackAddress()) {
          return false;
        }
      }
      return true;
    } catch (final UnknownHostException e) {
      return false;
    }
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
