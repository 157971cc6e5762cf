package dev.jdtrace.collect;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Set;

/**
 * Everything one session on a running JVM needs.
 *
 * @param target the JVM's debug port
 * @param program the analysed classes the witnesses refer to
 * @param filter the traced classes
 * @param witnesses global block ids to set breakpoints on
 * @param stream where the session's hit stream is written
 * @param planId identity of the plan, written into the stream
 * @param session index of this session in the plan
 * @param window the trigger command or observation window
 * @param guardrails the limits that truncate the session
 * @param unplanned traced classes with a class file that the plan left out (it planned only the classes
 *     the JVM had loaded); a session that sees one prepared says so, and the attach plans again
 * @param within the calls the session records ({@link Within}), or {@code null} for every thread's path
 */
public record AttachSpec(Endpoint target, Program program, ClassFilter filter, BitSet witnesses, Path stream,
    String planId, int session, Window window, Guardrails guardrails, Set<String> unplanned, Within within) {

  public AttachSpec {
    unplanned = Set.copyOf(unplanned);
  }

  /** A session that records every thread's path. */
  public AttachSpec(final Endpoint target, final Program program, final ClassFilter filter, final BitSet witnesses,
      final Path stream, final String planId, final int session, final Window window, final Guardrails guardrails,
      final Set<String> unplanned) {
    this(target, program, filter, witnesses, stream, planId, session, window, guardrails, unplanned, null);
  }
}
