package dev.jdtrace.driver.stream;

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
}
