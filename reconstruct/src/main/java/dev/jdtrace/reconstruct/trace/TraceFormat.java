package dev.jdtrace.reconstruct.trace;

/**
 * The binary trace file. Integers are unsigned LEB128 varints unless noted; strings are Java
 * modified-UTF-8 with a 2-byte length ({@code DataOutput.writeUTF}).
 * <pre>
 * file       = "JDTRACE" version:u8(=2) frame*
 * frame      = length:u32 payload crc32(payload):u32    -- FramedOutputStream; length at most 1 MiB
 * payload of the frames, in order:
 *              dictionary thread* end
 * dictionary = classCount { name:UTF sourceFile:UTF }
 *              methodCount { classIndex name:UTF descriptor:UTF }
 *              blockCount { methodIndex startBci endBci lineCount { line } }
 * thread     = 1:u8 name:UTF { 2:u8 n { blockId } }      -- chunks of 1 to 4096 block ids
 * end        = 0:u8 blocks                               -- the number of block ids in the file
 * </pre>
 * The dictionary ends a frame, and so does each chunk: each has its own checksum (a dictionary longer
 * than a frame has several), and a reader verifies a frame before it uses any of its bytes. Nothing may
 * follow the end. Version 1 had no frames and no checksums; readers refuse it, since a corrupt byte in
 * it cannot be told from data.
 *
 * <p>Thread names are final (with {@code #2}, {@code #3} suffixes applied). Each thread's blocks are in
 * execution order. Readers and writers stream, so memory does not grow with the trace.
 */
public final class TraceFormat {
  static final byte[] MAGIC = {'J', 'D', 'T', 'R', 'A', 'C', 'E'};
  static final int VERSION = 2;
  static final int END = 0;
  static final int THREAD = 1;
  static final int CHUNK = 2;
  static final int CHUNK_SIZE = 4096;
  /** Payload bytes per frame: a chunk (at most 5 + 5 × 4096 bytes) and its thread's name fit in one. */
  static final int FRAME = 1 << 16;

  private TraceFormat() {
  }
}
