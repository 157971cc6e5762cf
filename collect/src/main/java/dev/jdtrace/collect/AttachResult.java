package dev.jdtrace.collect;

import java.util.List;
import java.util.Set;

/**
 * What one attached session measured.
 *
 * @param target the JVM it attached to
 * @param run the figures shared with launched sessions; the exit code and output digest are the
 *     trigger's (0 and the digest of nothing for a fixed window)
 * @param truncated the guardrail that cut the session short, or {@code null} when it ended normally
 * @param cutThreads stream indices of the recorded threads that were inside traced code when a guardrail
 *     cut the session: their streams stop mid-path
 * @param skippedThreads threads that were running a traced block when the session attached (not at rest
 *     in an untraced call); their events are not recorded, because their paths cannot be started exactly
 * @param residentThreads threads at rest inside traced code when the session attached, recorded from their
 *     start stacks
 * @param startSuspendMicros how long the VM (so every traced thread) was suspended while the session began, in all
 * @param longestPauseMicros the longest suspension of the VM by the session, at its start or before its detach (its
 *     breakpoints are set with the VM running; it is suspended only to read the threads' stacks)
 * @param classStops traced classes prepared during the session whose thread was held while their breakpoints were set
 * @param longestClassStopMicros the longest of those holds, from taking the class's event to resuming its thread (only
 *     that thread is held, and any other that needs the class)
 * @param detachProven whether a detach fence came before the requests went: it proves that no hit raised before the
 *     last look was still on its way (DESIGN §3); false when the target ran no thread after the look (an idle target),
 *     for --within, and when a guardrail cut the session
 * @param reserveNeeded breakpoints of their own that the threads at rest in traced code needed at the cut, when
 *     they and the profile's witnesses would have passed the budget ({@link Guardrails#maxBreakpoints}): the
 *     session then traced nothing, and the sessions must be planned for that many fewer witnesses; else 0
 * @param activity per recorded thread, in stream index order, when it ran traced code
 * @param loadedClasses traced classes loaded in the target by the end of the session
 * @param targetExited whether the target exited during the session: like a launched session, the stream
 *     ends every recorded thread where it stood at the VM's death
 */
public record AttachResult(Endpoint target, SessionResult run, GuardrailBreach truncated, Set<Integer> cutThreads,
    int skippedThreads, int residentThreads, long startSuspendMicros, long longestPauseMicros,
    int classStops, long longestClassStopMicros, boolean detachProven, int reserveNeeded, List<ThreadActivity> activity,
    int loadedClasses, boolean targetExited) {

  public AttachResult {
    cutThreads = Set.copyOf(cutThreads);
    activity = List.copyOf(activity);
  }
}
