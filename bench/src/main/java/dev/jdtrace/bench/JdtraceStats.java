package dev.jdtrace.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The figures of {@code jdtrace run --stats}. The cost model's predictions are optional: a CLI without the
 * model writes none, and they read as -1.
 *
 * @param blocks blocks of the traced classes
 * @param breakpoints breakpoints over all sessions
 * @param hits hits over all sessions
 * @param blockEntries block entries of the trace
 * @param wallMillis jdtrace's own wall time of the run
 * @param predictedMillis the cost model's prediction for the run, or -1
 * @param sessionBreakpoints breakpoints set per session
 * @param sessionPredictedMillis the prediction per session (-1 each when absent)
 * @param sessionWallMillis each session's wall time, launch to exit
 * @param hitsTimesBreakpoints Σ over sessions of hits × breakpoints, or -1 from a CLI that does not write it
 * @param expectedHits the hits the plan expected over all sessions, or -1
 * @param phases milliseconds of the first run, planning, sessions and decoding (each -1 when absent)
 */
record JdtraceStats(int blocks, long breakpoints, long hits, long blockEntries, long wallMillis, long predictedMillis,
    List<Integer> sessionBreakpoints, List<Long> sessionPredictedMillis, List<Long> sessionWallMillis,
    long hitsTimesBreakpoints, double expectedHits, Phases phases) {

  /**
   * Where a run's wall time went, in milliseconds (-1 when the CLI did not say).
   *
   * @param firstPass the first run that finds the classes the program loads (0 when cached or not run)
   * @param planning reading the classes and planning
   * @param sessions the sessions
   * @param decoding decoding and writing the trace
   * @param planReused whether the plan came from the plan cache
   */
  record Phases(long firstPass, long planning, long sessions, long decoding, boolean planReused) {
  }

  /** Figures without the phases (a CLI that does not write them). */
  JdtraceStats(final int blocks, final long breakpoints, final long hits, final long blockEntries,
      final long wallMillis, final long predictedMillis, final List<Integer> sessionBreakpoints,
      final List<Long> sessionPredictedMillis, final List<Long> sessionWallMillis, final long hitsTimesBreakpoints) {
    this(blocks, breakpoints, hits, blockEntries, wallMillis, predictedMillis, sessionBreakpoints,
        sessionPredictedMillis, sessionWallMillis, hitsTimesBreakpoints, -1, new Phases(-1, -1, -1, -1, false));
  }

  JdtraceStats {
    sessionBreakpoints = List.copyOf(sessionBreakpoints);
    sessionPredictedMillis = List.copyOf(sessionPredictedMillis);
    sessionWallMillis = List.copyOf(sessionWallMillis);
  }

  static JdtraceStats read(final Path file) throws IOException {
    final JsonNode s = new ObjectMapper().readTree(file.toFile());
    final List<Integer> bp = new ArrayList<>();
    final List<Long> predicted = new ArrayList<>();
    final List<Long> wall = new ArrayList<>();
    double expected = 0;
    for (final JsonNode session : s.path("sessions")) {
      bp.add(session.path("breakpoints").asInt());
      predicted.add(session.path("predictedMillis").asLong(-1));
      wall.add(session.path("wallMillis").asLong());
      expected += session.path("expectedHits").asDouble(Double.NaN);
    }
    final JsonNode p = s.path("phases");
    return new JdtraceStats(s.path("blocks").asInt(), s.path("breakpoints").asLong(), s.path("hits").asLong(),
        s.path("blockEntries").asLong(), s.path("wallMillis").asLong(), s.path("predictedMillis").asLong(-1), bp,
        predicted, wall, s.path("hitsTimesBreakpoints").asLong(-1), Double.isNaN(expected) ? -1 : expected,
        new Phases(p.path("firstPassMillis").asLong(-1), p.path("planningMillis").asLong(-1),
        p.path("sessionsMillis").asLong(-1), p.path("decodingMillis").asLong(-1),
        p.path("planReused").asBoolean(false)));
  }

  int sessions() {
    return sessionBreakpoints.size();
  }
}
