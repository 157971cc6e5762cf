package dev.jdtrace.driver.stream;

/**
 * An exception as the decoder needs it.
 *
 * @param throwBlock global id of the traced block holding the throw, or {@link #UNTRACED}
 * @param catchBlock global id of the traced handler block that caught it, {@link #UNTRACED} when untraced
 *     code caught it, or {@link #UNCAUGHT}
 * @param unwound traced frames popped between the throw and the catch (0 when caught where thrown)
 */
public record ExceptionRecord(int throwBlock, int catchBlock, int unwound) {
  public static final int UNTRACED = -1;
  public static final int UNCAUGHT = -2;
}
