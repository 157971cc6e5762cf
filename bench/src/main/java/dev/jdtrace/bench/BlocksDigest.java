package dev.jdtrace.bench;

import dev.jdtrace.analysis.BlocksExport;
import dev.jdtrace.analysis.TraceFiles;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a trace's {@code export --format blocks} text, computed in memory: two traces with the same
 * digest have the same blocks export, line for line, without writing the (large) text to disk.
 */
final class BlocksDigest {
  private BlocksDigest() {
  }

  static String of(final Path trace) {
    final MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JDK lacks SHA-256", e);
    }
    try (PrintWriter out = new PrintWriter(new OutputStreamWriter(
        new DigestOutputStream(OutputStream.nullOutputStream(), sha), StandardCharsets.UTF_8))) {
      TraceFiles.read(trace, new BlocksExport(out));
    }
    return HexFormat.of().formatHex(sha.digest());
  }
}
