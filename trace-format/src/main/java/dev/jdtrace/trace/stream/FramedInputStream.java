package dev.jdtrace.trace.stream;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Reads the frames of a {@link FramedOutputStream} and serves their payload as one stream. Each frame's
 * checksum is verified before any of its bytes is served, so a reader never acts on a corrupt byte. A
 * declared length above {@link FramedOutputStream#MAX_FRAME} is refused before anything is allocated, and
 * a frame is read in pieces as its bytes arrive, so a length larger than the file costs nothing either.
 * Not thread-safe.
 */
public final class FramedInputStream extends InputStream {
  private static final byte[] NONE = new byte[0];

  private final InputStream in;
  private final String what;
  private final CRC32 crc = new CRC32();
  private byte[] payload = NONE;
  private int pos;
  /** Offset in the underlying stream of the next frame, for messages. */
  private long offset;
  private int version;

  /**
   * @param in the frames, positioned at the first one
   * @param what what the file is, for messages ("trace file")
   * @param offset where the first frame starts in the file, for messages
   */
  public FramedInputStream(final InputStream in, final String what, final long offset) {
    this.in = in;
    this.what = what;
    this.offset = offset;
  }

  /**
   * Checks a framed file's header (magic bytes, then a version byte) and returns its frames.
   *
   * @param what what the file is, for messages ("trace file")
   * @param format its format's name, for messages ("trace format")
   * @param again what to do about a version-1 file, which has no checksums ("record the trace again")
   * @throws IOException when the header is not this format's, or another version
   */
  public static FramedInputStream afterHeader(final InputStream source, final byte[] magic, final int version,
      final String what, final String format, final String again) throws IOException {
    return afterHeader(source, magic, version, version, what, format, again);
  }

  /**
   * Checks a framed file's header whose version may be any from {@code oldest} to {@code newest}; the
   * frames' {@link #version()} says which it is.
   *
   * @throws IOException when the header is not this format's, or a version out of that range
   */
  public static FramedInputStream afterHeader(final InputStream source, final byte[] magic, final int oldest,
      final int newest, final String what, final String format, final String again) throws IOException {
    final InputStream buffered = new BufferedInputStream(source, 1 << 16);
    if (!Arrays.equals(buffered.readNBytes(magic.length), magic)) {
      throw new IOException("not a jdtrace " + what);
    }
    final int found = buffered.read();
    if (found == 1) {
      throw new IOException(format + " version 1 has no checksums, so this jdtrace does not read it: " + again);
    }
    if (found < oldest || found > newest) {
      throw new IOException(format + " version " + found + " is not supported (this jdtrace reads "
          + (oldest == newest ? Integer.toString(newest) : oldest + " to " + newest) + ")");
    }
    final FramedInputStream frames = new FramedInputStream(buffered, what, magic.length + 1);
    frames.version = found;
    return frames;
  }

  /** The version byte of the header {@link #afterHeader} read, or 0 for frames read without one. */
  public int version() {
    return version;
  }

  @Override
  public int read() throws IOException {
    if (pos == payload.length && !nextFrame()) {
      return -1;
    }
    return payload[pos++] & 0xFF;
  }

  @Override
  public int read(final byte[] b, final int off, final int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (pos == payload.length && !nextFrame()) {
      return -1;
    }
    final int n = Math.min(len, payload.length - pos);
    System.arraycopy(payload, pos, b, off, n);
    pos += n;
    return n;
  }

  /**
   * Whether the stream ended exactly after the bytes served so far: no byte of the current frame is
   * left, and no frame follows.
   *
   * @throws IOException when what follows is a corrupt or cut frame
   */
  public boolean atEnd() throws IOException {
    return pos == payload.length && !nextFrame();
  }

  /** Reads and verifies the next frame; false at the end of the stream, exactly between two frames. */
  private boolean nextFrame() throws IOException {
    final byte[] header = in.readNBytes(4);
    if (header.length == 0) {
      return false;
    }
    if (header.length < 4) {
      throw truncated();
    }
    final int length = getInt(header);
    if (length < 1 || length > FramedOutputStream.MAX_FRAME) {
      throw new IOException("corrupt " + what + ": the frame at byte " + offset + " declares "
          + Integer.toUnsignedString(length) + " bytes (at most " + FramedOutputStream.MAX_FRAME + ")");
    }
    // readNBytes grows its buffer with the bytes that really arrive, never to the declared length at once.
    final byte[] next = in.readNBytes(length);
    final byte[] sum = in.readNBytes(4);
    if (next.length < length || sum.length < 4) {
      throw truncated();
    }
    crc.reset();
    crc.update(next, 0, next.length);
    if ((int) crc.getValue() != getInt(sum)) {
      throw new IOException("corrupt " + what + ": checksum mismatch in the frame at byte " + offset);
    }
    offset += 4L + length + 4;
    payload = next;
    pos = 0;
    return true;
  }

  private EOFException truncated() {
    return new EOFException(what + " is truncated: the frame at byte " + offset + " is cut short");
  }

  private static int getInt(final byte[] b) {
    return (b[0] & 0xFF) << 24 | (b[1] & 0xFF) << 16 | (b[2] & 0xFF) << 8 | b[3] & 0xFF;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
