package dev.jdtrace.collect;

/**
 * The guardrail that cut an attached session short, with the limits it was held to.
 *
 * @param limit which limit the session went past
 * @param guardrails the limits of the session
 */
public record GuardrailBreach(Limit limit, Guardrails guardrails) {

  /** The limits of {@link Guardrails} a session can go past. */
  public enum Limit {
    /** More witness hits than {@link Guardrails#maxHits()}. */
    HITS,
    /** More hits within one second than {@link Guardrails#maxRate()}. */
    RATE,
    /** Attached longer than {@link Guardrails#maxSeconds()}. */
    SECONDS
  }

  /** What happened, in the session's terms: for example {@code more than 3 hits}. */
  public String describe() {
    return switch (limit) {
      case HITS -> "more than " + guardrails.maxHits() + " hits";
      case RATE -> "more than " + guardrails.maxRate() + " hits within one second";
      case SECONDS -> "attached longer than " + guardrails.maxSeconds() + " s";
    };
  }
}
