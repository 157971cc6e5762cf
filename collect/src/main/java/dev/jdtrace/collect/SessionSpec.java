package dev.jdtrace.collect;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Set;

/**
 * Everything one debugger session needs: what to run, which witnesses to set, where to stream hits.
 *
 * @param command the java command, run exactly as given plus the loopback JDWP agent
 * @param program the analysed classes the witnesses refer to
 * @param filter the traced classes, used for class-prepare requests
 * @param witnesses global block ids to set breakpoints on
 * @param stdin what the target reads on standard input (the same bytes in every session)
 * @param stream where the session's hit stream is written
 * @param planId identity of the plan, written into the stream so parts cannot be mixed up
 * @param session index of this session in the plan
 * @param unplanned traced classes with a class file that the plan left out (it planned only the classes
 *     a first run loaded): a session that prepares one reports it, since its blocks would run unseen
 * @param untraced the untraced, non-JDK classes the plan assumes the run loads (those a first run loaded),
 *     or {@code null} when it assumes nothing: a session that loads another reports it, since what that
 *     class can enter is unknown to the plan
 * @param within the calls the session records ({@link Within}), or {@code null} for the whole run
 * @param reflected the traced methods the plan assumes reflection may enter ({@code
 *     class.name+descriptor}), or {@code null} when it assumes nothing (reflection opened its world, or none
 *     runs): a session that sees reflection enter another reports it, since the plan gave that entry no witnesses
 * @param checked the methods whose bytecode the session proves equal to the analysed one (method indices), or {@code
 *     null} for every method: a plan that lets only some methods run guards the others' entries with sentinels, and
 *     one entered makes the run plan again, with it checked; its bytecode cannot change the trace before
 */
public record SessionSpec(
    JavaCommand command,
    Program program,
    ClassFilter filter,
    BitSet witnesses,
    StandardInput stdin,
    Path stream,
    String planId,
    int session,
    Set<String> unplanned,
    Set<String> untraced,
    Within within,
    Set<String> reflected,
    BitSet checked) {

  public SessionSpec {
    checked = checked == null ? null : (BitSet) checked.clone();
    unplanned = Set.copyOf(unplanned);
    untraced = untraced == null ? null : Set.copyOf(untraced);
    reflected = reflected == null ? null : Set.copyOf(reflected);
  }

  /** A session that records the whole run. */
  public SessionSpec(final JavaCommand command, final Program program, final ClassFilter filter,
      final BitSet witnesses, final StandardInput stdin, final Path stream, final String planId, final int session,
      final Set<String> unplanned, final Set<String> untraced) {
    this(command, program, filter, witnesses, stdin, stream, planId, session, unplanned, untraced, null, null, null);
  }

  /** The same session, recording only the calls {@code calls} selects ({@code null}: the whole run). */
  public SessionSpec within(final Within calls) {
    return new SessionSpec(command, program, filter, witnesses, stdin, stream, planId, session, unplanned, untraced,
        calls, reflected, checked);
  }

  /** The same session, watching what reflection enters against these methods ({@code null}: not watched). */
  public SessionSpec reflected(final Set<String> methods) {
    return new SessionSpec(command, program, filter, witnesses, stdin, stream, planId, session, unplanned, untraced,
        within, methods, checked);
  }

  /** The same session, proving the bytecode of these methods only ({@code null}: of every method). */
  public SessionSpec checking(final BitSet methods) {
    return new SessionSpec(command, program, filter, witnesses, stdin, stream, planId, session, unplanned, untraced,
        within, reflected, methods);
  }

  /** A session of a plan that covers every traced class and assumes nothing of untraced ones. */
  public SessionSpec(final JavaCommand command, final Program program, final ClassFilter filter,
      final BitSet witnesses, final StandardInput stdin, final Path stream, final String planId, final int session) {
    this(command, program, filter, witnesses, stdin, stream, planId, session, Set.of(), null);
  }
}
