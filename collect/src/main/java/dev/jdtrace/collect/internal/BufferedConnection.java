package dev.jdtrace.collect.internal;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.spi.ClosedConnectionException;
import com.sun.jdi.connect.spi.Connection;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A JDWP connection over a socket that reads through a buffer. The JDK's socket connection reads each packet's
 * length a byte at a time from the socket itself: five {@code read} calls per packet, and a session's hits are one
 * packet each (commons-compress, 256,498 hits: 1,316,227 reads). Here a read takes whatever the agent has sent
 * so far, often many hits at once. Packets are the JDK's: the length, then the rest, returned whole; an empty
 * packet says the target closed the connection, as JDI expects.
 */
final class BufferedConnection extends Connection {
  private static final byte[] HANDSHAKE = "JDWP-Handshake".getBytes(StandardCharsets.US_ASCII);
  /** A packet's header: length, id, flags, and the command or error code. */
  private static final int HEADER = 11;

  private final Socket socket;
  private final DataInputStream in;
  private final OutputStream out;
  private final Object reading = new Object();
  private final Object writing = new Object();
  private volatile boolean open = true;

  private BufferedConnection(final Socket socket) throws IOException {
    this.socket = socket;
    this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 1 << 16));
    this.out = socket.getOutputStream();
  }

  /**
   * Attaches JDI to a JDWP agent through this connection.
   *
   * @param timeoutMillis how long the connection and the handshake may each take; 0 waits as long as it takes
   */
  static VirtualMachine attach(final String host, final int port, final int timeoutMillis) throws IOException {
    final BufferedConnection connection = open(host, port, timeoutMillis);
    try {
      return Bootstrap.virtualMachineManager().createVirtualMachine(connection);
    } catch (final IOException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  /**
   * Connects to a JDWP agent and shakes hands as the protocol asks: each side sends {@code JDWP-Handshake}.
   *
   * @param timeoutMillis how long the connection and the handshake may each take; 0 waits as long as it takes
   */
  static BufferedConnection open(final String host, final int port, final int timeoutMillis) throws IOException {
    final Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(host, port), timeoutMillis);
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(timeoutMillis);
      final BufferedConnection connection = new BufferedConnection(socket);
      connection.out.write(HANDSHAKE);
      final byte[] answer = new byte[HANDSHAKE.length];
      try {
        connection.in.readFully(answer);
      } catch (final SocketTimeoutException e) {
        throw new IOException("no JDWP handshake within " + timeoutMillis / 1000 + " s", e);
      } catch (final EOFException e) {
        throw new IOException("the port closed the connection instead of the JDWP handshake", e);
      }
      if (!Arrays.equals(answer, HANDSHAKE)) {
        throw new IOException("the JDWP handshake failed: the port answered '"
            + new String(answer, StandardCharsets.US_ASCII) + "'");
      }
      socket.setSoTimeout(0);
      return connection;
    } catch (final IOException e) {
      socket.close();
      throw e;
    }
  }

  @Override
  public byte[] readPacket() throws IOException {
    if (!open) {
      throw new ClosedConnectionException("connection is closed");
    }
    synchronized (reading) {
      try {
        final int first = in.read();
        if (first < 0) {
          return new byte[0];
        }
        final int length = first << 24 | in.readUnsignedByte() << 16 | in.readUnsignedByte() << 8
            | in.readUnsignedByte();
        if (length < HEADER) {
          throw new IOException("protocol error - invalid length " + length);
        }
        final byte[] packet = new byte[length];
        packet[0] = (byte) (length >>> 24);
        packet[1] = (byte) (length >>> 16);
        packet[2] = (byte) (length >>> 8);
        packet[3] = (byte) length;
        in.readFully(packet, 4, length - 4);
        return packet;
      } catch (final EOFException e) {
        throw open ? new IOException("protocol error - premature EOF", e) : closed(e);
      } catch (final IOException e) {
        throw open ? e : closed(e);
      }
    }
  }

  @Override
  public void writePacket(final byte[] packet) throws IOException {
    if (!open) {
      throw new ClosedConnectionException("connection is closed");
    }
    if (packet.length < HEADER) {
      throw new IllegalArgumentException("packet is insufficient size");
    }
    final int length = (packet[0] & 0xff) << 24 | (packet[1] & 0xff) << 16 | (packet[2] & 0xff) << 8
        | packet[3] & 0xff;
    if (length < HEADER || length > packet.length) {
      throw new IllegalArgumentException("length mis-match");
    }
    synchronized (writing) {
      try {
        out.write(packet, 0, length);
      } catch (final IOException e) {
        throw open ? e : closed(e);
      }
    }
  }

  @Override
  public void close() throws IOException {
    open = false;
    socket.close();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  private static ClosedConnectionException closed(final IOException cause) {
    final ClosedConnectionException closed = new ClosedConnectionException("connection is closed");
    closed.initCause(cause);
    return closed;
  }
}
