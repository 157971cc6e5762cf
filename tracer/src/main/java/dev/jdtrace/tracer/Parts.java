package dev.jdtrace.tracer;

import dev.jdtrace.distribute.Plan;
import dev.jdtrace.reconstruct.ReconstructionException;
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
 * session given twice, a session missing and a part that does not say how its run went each get their own
 * message (an {@link IllegalArgumentException}: the user's mistake, exit 125), instead of a divergence that
 * blames the program. Parts of different runs (another exit status, input, output, or untraced class files)
 * are refused as a divergence (a {@link ReconstructionException}, exit 126): the plan's identity covers the
 * traced bytecode only, and such runs can take paths that decode together into one that neither took. Behind
 * the facade ({@link Tracer#parts}), so that every caller of merge checks them alike.
 */
final class Parts {
  private Parts() {
  }

  /**
   * Reads the parts: exactly one per session of the plan, all of this plan, of one run; in session order.
   *
   * @param deterministic whether the user says the program takes the same path in every run, threads included
   */
  static List<SessionStreams> read(final Plan plan, final List<Path> parts, final boolean deterministic)
      throws IOException {
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
      if (s.run() == null) {
        throw new IllegalArgumentException("part " + part + " does not say how its run ended (it was not written "
            + "by collect): collect session " + s.session() + " again");
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
    sameRun(bySession, files);
    if (sessions > 1 && !deterministic) {
      sameThread(bySession);
    }
    return new ArrayList<>(bySession.values());
  }

  /**
   * Refuses the parts of a split plan whose runs had several threads run traced code: which thread does what
   * can differ from run to run, and merge cannot trace again in one session as run does (DESIGN §2, "Same
   * run").
   */
  private static void sameThread(final Map<Integer, SessionStreams> bySession) {
    final int threads = bySession.values().stream().mapToInt(s -> s.threads().size()).max().orElse(0);
    if (threads > 1) {
      throw new ReconstructionException(threads + " threads ran traced code, and which thread does what can "
          + "differ from run to run, so parts of several sessions cannot be shown to be one run: plan one session "
          + "(jdtrace plan --sessions 1) and collect it, or merge --deterministic if the program takes the same "
          + "path in every run");
    }
  }

  /** "a", "a and b", "a, b and c". */
  private static String list(final List<String> items) {
    final int last = items.size() - 1;
    return last == 0 ? items.get(0) : String.join(", ", items.subList(0, last)) + " and " + items.get(last);
  }

  /** Refuses parts whose runs differ, naming the first two that do and everything that differs. */
  private static void sameRun(final Map<Integer, SessionStreams> bySession, final Map<Integer, Path> files) {
    final SessionStreams first = bySession.get(0);
    for (final SessionStreams s : bySession.values()) {
      final List<String> differences = first.run().differences(s.run());
      if (!differences.isEmpty()) {
        throw new ReconstructionException("parts " + files.get(0) + " and " + files.get(s.session())
            + " are of different runs: they differ in " + list(differences) + "; collect every session again "
            + "with the same class files, input and environment");
      }
    }
  }
}
