package dev.jdtrace.plan.icfg;

import java.util.List;

/**
 * Where a call may go.
 *
 * @param traced traced methods (indices) the call may enter directly
 * @param external whether the call may run untraced code, which can call back into any callback method
 */
public record CallTargets(List<Integer> traced, boolean external) {

  public CallTargets {
    traced = List.copyOf(traced);
  }

  /** A call into untraced code only. */
  static final CallTargets EXTERNAL = new CallTargets(List.of(), true);

  /** A call into untraced code that cannot call back: it behaves like an instruction. */
  public static final CallTargets PURE = new CallTargets(List.of(), false);

  /** Whether the call runs no traced code at all. */
  public boolean isPure() {
    return traced.isEmpty() && !external;
  }
}
