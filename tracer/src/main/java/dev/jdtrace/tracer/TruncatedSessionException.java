package dev.jdtrace.tracer;

import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.GuardrailBreach;
import dev.jdtrace.collect.TargetException;

/** A guardrail cut an attached session short, and the request does not allow a partial trace. */
public final class TruncatedSessionException extends TargetException {
  private static final long serialVersionUID = 1L;

  private final int session;
  private final transient Endpoint target;
  private final transient GuardrailBreach breach;

  /**
   * Creates the exception.
   *
   * @param session the session cut
   * @param target the JVM it attached to
   * @param breach the guardrail it went past
   */
  public TruncatedSessionException(final int session, final Endpoint target, final GuardrailBreach breach) {
    super("session " + session + " on " + target + " was truncated: " + breach.describe() + "; its requests are "
        + "removed and the target runs on; no trace written");
    this.session = session;
    this.target = target;
    this.breach = breach;
  }

  /** The session cut. */
  public int session() {
    return session;
  }

  /** The JVM it attached to. */
  public Endpoint target() {
    return target;
  }

  /** The guardrail it went past. */
  public GuardrailBreach breach() {
    return breach;
  }
}
