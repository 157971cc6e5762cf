package dev.jdtrace.trace.stream;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32;

/**
 * Cuts a byte stream into checked frames, so that a reader verifies every byte before it uses any:
 * <pre>
 *   frame = length:u32 payload crc32(payload):u32      -- 1 &le; length &le; {@link #MAX_FRAME}, big-endian
 * </pre>
 * A frame ends when its buffer is full, at {@link #endFrame()}, {@link #flush()} and {@link #close()}.
 * Writers end a frame at the end of each unit they want checked on its own (a trace's dictionary, a
 * chunk of blocks). {@link FramedInputStream} reads it. Not thread-safe.
 */
public final class FramedOutputStream extends OutputStream {
  /** The longest frame a reader accepts; a declared length above it is corruption, never an allocation. */
  public static final int MAX_FRAME = 1 << 20;

  private final OutputStream out;
  /** Header, payload and checksum of the current frame, so each frame is one write. */
  private final byte[] frame;
  private final CRC32 crc = new CRC32();
  private int filled;

  /**
   * @param out where the frames go
   * @param frameSize the most payload bytes per frame, at most {@link #MAX_FRAME}
   */
  public FramedOutputStream(final OutputStream out, final int frameSize) {
    if (frameSize < 1 || frameSize > MAX_FRAME) {
      throw new IllegalArgumentException("frame size " + frameSize + " is not in 1.." + MAX_FRAME);
    }
    this.out = out;
    this.frame = new byte[4 + frameSize + 4];
  }

  @Override
  public void write(final int b) throws IOException {
    if (filled == frame.length - 8) {
      endFrame();
    }
    frame[4 + filled++] = (byte) b;
  }

  @Override
  public void write(final byte[] b, final int off, final int len) throws IOException {
    int at = off;
    int left = len;
    while (left > 0) {
      if (filled == frame.length - 8) {
        endFrame();
      }
      final int n = Math.min(left, frame.length - 8 - filled);
      System.arraycopy(b, at, frame, 4 + filled, n);
      filled += n;
      at += n;
      left -= n;
    }
  }

  /** Writes what was written since the last frame as one frame; nothing when that is nothing. */
  public void endFrame() throws IOException {
    if (filled == 0) {
      return;
    }
    crc.reset();
    crc.update(frame, 4, filled);
    putInt(frame, 0, filled);
    putInt(frame, 4 + filled, (int) crc.getValue());
    out.write(frame, 0, 4 + filled + 4);
    filled = 0;
  }

  @Override
  public void flush() throws IOException {
    endFrame();
    out.flush();
  }

  @Override
  public void close() throws IOException {
    try {
      endFrame();
    } finally {
      out.close();
    }
  }

  private static void putInt(final byte[] b, final int at, final int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }
}
