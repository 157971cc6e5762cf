package dev.jdtrace.plan;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apache.bcel.generic.InstructionList;

/** Facts about raw method bytecode shared by planning and by the breakpoint safety check. */
public final class Bytecode {
  private Bytecode() {
  }

  /** Hex SHA-256 of the bytes. */
  public static String sha256(final byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** Offsets of the instruction starts of raw method bytecode, ascending. */
  public static int[] instructionStarts(final byte[] code) {
    return new InstructionList(code).getInstructionPositions();
  }
}
