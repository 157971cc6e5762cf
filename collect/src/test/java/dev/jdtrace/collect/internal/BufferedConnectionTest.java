package dev.jdtrace.collect.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jdi.connect.spi.ClosedConnectionException;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The connection speaks JDWP's framing as the JDK's does: a handshake, then whole packets, empty at the end. */
class BufferedConnectionTest {
  private static final byte[] HANDSHAKE = "JDWP-Handshake".getBytes(StandardCharsets.US_ASCII);

  /** A packet of {@code length} bytes: its length first, then bytes counting up from {@code seed}. */
  private static byte[] packet(final int length, final int seed) {
    final byte[] p = new byte[length];
    p[0] = (byte) (length >>> 24);
    p[1] = (byte) (length >>> 16);
    p[2] = (byte) (length >>> 8);
    p[3] = (byte) length;
    for (int i = 4; i < length; i++) {
      p[i] = (byte) (seed + i);
    }
    return p;
  }

  @Test
  void packetsSentTogetherOrSplitAreReadWholeAndTheEndIsAnEmptyPacket() throws Exception {
    final byte[] small = packet(11, 1);
    final byte[] large = packet(200_000, 7); // larger than the buffer: read past it
    final byte[] command = packet(15, 3);
    final CountDownLatch smallRead = new CountDownLatch(1);
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      final CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
        try (Socket agent = server.accept()) {
          final DataInputStream in = new DataInputStream(agent.getInputStream());
          final byte[] hello = new byte[HANDSHAKE.length];
          in.readFully(hello);
          final OutputStream out = agent.getOutputStream();
          out.write(hello);
          // Two packets in one write, then one cut into pieces mid-length.
          final byte[] both = new byte[small.length + small.length];
          System.arraycopy(small, 0, both, 0, small.length);
          System.arraycopy(small, 0, both, small.length, small.length);
          out.write(both);
          out.write(large, 0, 2);
          out.flush();
          // The rest once the reader has taken the two small packets: it holds a part of the length meanwhile.
          smallRead.await();
          out.write(large, 2, large.length - 2);
          final byte[] got = new byte[command.length];
          in.readFully(got);
          return got;
        } catch (final IOException | InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      final BufferedConnection connection = BufferedConnection.open("127.0.0.1", server.getLocalPort(), 5_000);

      assertThat(connection.readPacket()).isEqualTo(small);
      assertThat(connection.readPacket()).isEqualTo(small);
      smallRead.countDown();
      assertThat(connection.readPacket()).isEqualTo(large);
      connection.writePacket(command);
      assertThat(received.get()).isEqualTo(command);
      assertThat(connection.readPacket()).isEmpty();

      connection.close();
      assertThat(connection.isOpen()).isFalse();
      assertThatThrownBy(connection::readPacket).isInstanceOf(ClosedConnectionException.class);
      assertThatThrownBy(() -> connection.writePacket(command)).isInstanceOf(ClosedConnectionException.class);
    }
  }

  @Test
  void aPortThatAnswersSomethingElseIsNoJdwpAgent() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture.runAsync(() -> {
        try (Socket other = server.accept()) {
          other.getOutputStream().write("HTTP/1.1 400 Bad".getBytes(StandardCharsets.US_ASCII));
          other.getInputStream().readNBytes(HANDSHAKE.length);
        } catch (final IOException e) {
          throw new IllegalStateException(e);
        }
      });

      assertThatThrownBy(() -> BufferedConnection.open("127.0.0.1", server.getLocalPort(), 5_000))
          .isInstanceOf(IOException.class).hasMessageContaining("handshake");
    }
  }

  @Test
  void aPacketShorterThanItsHeaderIsRefusedBeforeItIsSent() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture.runAsync(() -> {
        try (Socket agent = server.accept()) {
          final byte[] hello = agent.getInputStream().readNBytes(HANDSHAKE.length);
          agent.getOutputStream().write(hello);
          agent.getInputStream().read(); // until the connection closes
        } catch (final IOException e) {
          throw new IllegalStateException(e);
        }
      });
      final BufferedConnection connection = BufferedConnection.open("127.0.0.1", server.getLocalPort(), 5_000);

      assertThatThrownBy(() -> connection.writePacket(new byte[10])).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> connection.writePacket(truncated())).isInstanceOf(IllegalArgumentException.class);
      connection.close();
    }
  }

  /** A packet whose length says 20 bytes, cut to 12. */
  private static byte[] truncated() {
    return java.util.Arrays.copyOf(packet(20, 0), 12);
  }
}
