package dev.jdtrace.cli;

import dev.jdtrace.distributor.Plan;
import dev.jdtrace.reconstruct.SessionStreams;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The parts given to {@code merge}, checked against the plan before any decoding: a foreign part, a
 * session given twice and a session missing each get their own message (exit 2), instead of a
 * divergence that blames the program.
 */
final class Parts {
  private Parts() {
  }

  /** Reads the parts: exactly one per session of the plan, all of this plan; in session order. */
  static List<SessionStreams> read(final Plan plan, final List<Path> parts) throws IOException {
    final int sessions = plan.sessions().size();
    final Map<Integer, Path> files = new TreeMap<>();
    final Map<Integer, SessionStreams> bySession = new TreeMap<>();
    for (final Path part : parts) {
      final SessionStreams s = SessionStreams.read(part);
      if (!s.planId().equals(plan.id())) {
        throw new IllegalArgumentException("part " + part + " is from plan " + s.planId() + ", not from plan "
            + plan.id() + ": give the parts collected with this plan");
      }
      if (s.session() < 0 || s.session() >= sessions) {
        throw new IllegalArgumentException("part " + part + " is session " + s.session() + ", but plan " + plan.id()
            + " has sessions 0 to " + (sessions - 1));
      }
      final Path other = files.putIfAbsent(s.session(), part);
      if (other != null) {
        throw new IllegalArgumentException("parts " + other + " and " + part + " are both session " + s.session()
            + " of plan " + plan.id() + ": give each session's part once");
      }
      bySession.put(s.session(), s);
    }
    final TreeSet<Integer> missing = new TreeSet<>();
    for (int k = 0; k < sessions; k++) {
      if (!bySession.containsKey(k)) {
        missing.add(k);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("no part for session(s) " + String.join(", ",
          missing.stream().map(String::valueOf).toList()) + " of plan " + plan.id() + "'s " + sessions
          + ": collect them with jdtrace collect --plan PLAN --session K");
    }
    return new ArrayList<>(bySession.values());
  }
}
