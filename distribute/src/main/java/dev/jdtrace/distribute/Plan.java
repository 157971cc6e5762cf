package dev.jdtrace.distribute;

import dev.jdtrace.plan.Bytecode;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.List;

/**
 * Which witnesses each debugger session sets.
 *
 * @param id identity of the plan: a digest of the program launched (main class, jar, arguments), the
 *     analysed bytecode and every session's witnesses, so that a session stream from another plan, another
 *     program or another program version is recognised
 * @param profile the profile kind the witnesses were chosen by
 * @param sessions the sessions, indexed from 0
 */
public record Plan(String id, ProfileKind profile, List<SessionPlan> sessions) {

  public Plan {
    sessions = List.copyOf(sessions);
  }

  /**
   * One session's witnesses.
   *
   * @param index position in the plan
   * @param witnesses global block ids of the session's breakpoints
   */
  public record SessionPlan(int index, BitSet witnesses) {
    public SessionPlan {
      witnesses = (BitSet) witnesses.clone();
    }

    @Override
    public BitSet witnesses() {
      return (BitSet) witnesses.clone();
    }
  }

  /**
   * Builds a plan and computes its identity.
   *
   * @param launch what identifies the program launched (its main class, jar and arguments; empty when
   *     the program runs already), one item per line
   */
  public static Plan of(final Program program, final List<String> launch, final ProfileKind profile,
      final List<BitSet> sessions) {
    final StringBuilder identity = new StringBuilder(profile.label()).append("\nlaunch ").append(launch.size());
    for (final String l : launch) {
      identity.append('\n').append(l.replace('\n', ' '));
    }
    for (final MethodCfg m : program.methods()) {
      identity.append('\n').append(m.id()).append(' ').append(m.codeHash());
    }
    for (final BitSet s : sessions) {
      identity.append('\n').append(s);
    }
    final String id = Bytecode.sha256(identity.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 16);
    return new Plan(id, profile, java.util.stream.IntStream.range(0, sessions.size())
        .mapToObj(i -> new SessionPlan(i, sessions.get(i))).toList());
  }
}
