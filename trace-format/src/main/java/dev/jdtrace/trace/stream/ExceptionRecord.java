package dev.jdtrace.trace.stream;

/**
 * An exception as the decoder needs it.
 *
 * @param throwBlock global id of the traced block holding the throw; for a throw in untraced code, the
 *     block of the innermost traced frame, whose call led there
 * @param inCall whether the throw happened in untraced code called from {@code throwBlock}
 * @param catchBlock global id of the traced handler block that caught it, {@link #UNTRACED} when untraced
 *     code caught it, or {@link #UNCAUGHT}
 * @param unwound traced frames popped between the throw and the catch (0 when caught where thrown), or
 *     {@link #UNKNOWN_FRAMES} when the VM would not show the stack
 */
public record ExceptionRecord(int throwBlock, boolean inCall, int catchBlock, int unwound) {
  public static final int UNTRACED = -1;
  public static final int UNCAUGHT = -2;
  public static final int UNKNOWN_FRAMES = -1;
}
