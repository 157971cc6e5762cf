package dev.jdtrace.trace.stream;

/** Receives a session's hit stream in recording order. */
public interface HitVisitor {

  /**
   * A thread seen for the first time.
   *
   * @param thread the thread's index in this stream
   * @param name the thread's name at its first hit
   * @param startOrder position of the thread's start among the threads started while traced; -1 for
   *     threads alive before tracing began (such as {@code main})
   */
  void thread(int thread, String name, long startOrder);

  /** A witness hit: the thread entered the block with this global id. */
  void hit(int thread, int block);

  /**
   * An exception that touched traced code: thrown in it, caught in it, or unwinding traced frames.
   *
   * @param thread the thread's index
   * @param exception where it was thrown and caught, and how many traced frames it unwound
   */
  void exception(int thread, ExceptionRecord exception);

  /**
   * The thread's stack when the VM died, while it stood in traced code: its last record, after every hit.
   *
   * @param thread the thread's index
   * @param end its traced frames, top first
   */
  void end(int thread, EndRecord end);

  /**
   * Where a thread that was already inside traced code when an attached session began starts its path:
   * the decoder's call stack above the thread's untraced bottom frame, bottom to top. Written right after
   * the thread's {@link #thread} record; threads that enter traced code from untraced code have none.
   *
   * @param thread the thread's index
   * @param frames per frame, the global id of a traced frame's call block (the call it is inside), or
   *     {@link #UNTRACED} for untraced frames called from the traced frame below; the top frame is untraced
   */
  default void start(final int thread, final int[] frames) {
  }

  /**
   * A {@code --within} window of the thread begins: the records of the thread that follow, up to its next
   * window, are those of one call of a matching method, entered from code outside the window, and of
   * everything it calls, until that call returned or an exception left it.
   *
   * @param thread the thread's index
   * @param entry the global id of the called method's entry block
   */
  default void window(final int thread, final int entry) {
  }

  /** The thread ended the session back at its {@link #start} stack, inside the same untraced call. */
  default void backAtStart(final int thread) {
  }

  /** A frame of a {@link #start} stack that is untraced code. */
  int UNTRACED = -1;
}
