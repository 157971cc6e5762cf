package dev.jdtrace.tracer;

import dev.jdtrace.collect.LocalSession;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.SessionSpec;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.trace.stream.HitStreamWriter;
import dev.jdtrace.trace.stream.RunRecord;
import dev.jdtrace.tracer.io.OutputTarget;
import dev.jdtrace.tracer.io.StagedFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;

/**
 * The pipeline, plan → collect → merge, in one place: {@link #run} does it all on this machine, {@link #plan},
 * {@link #collect} and {@link #merge} do it step by step (the sessions anywhere), {@link #attach} does it on
 * running JVMs. Everything else in this package is how.
 *
 * <p>Every {@code info} consumer receives one-line progress messages; {@code out} and {@code err} receive the
 * output of the program (or of the trigger) in the session that passes it through.
 */
public final class Tracer {
  private Tracer() {
  }

  /**
   * Loads the program and plans its sessions: only the traced classes a first run of the program loads
   * (unless the request asks for all), reusing a cached plan for the same classes and options. Without a
   * number of sessions, the number with the least predicted wall time on the request's workers is chosen.
   */
  public static TracePlan plan(final RunRequest request, final Consumer<String> info) throws IOException {
    return TraceRun.plan(request, info);
  }

  /**
   * Runs one session of a plan here and writes its stream (a part) for {@link #merge}. A session that refused
   * classes, or loaded a traced class the plan left out (its blocks ran unseen), is no part of a trace: its
   * part is not written, and the result says why. The part ends with how the run went ({@link RunRecord}),
   * so that merge never joins it with a part of another run.
   */
  public static SessionResult collect(final TracePlan plan, final int session, final StandardInput input,
      final OutputTarget part, final PrintStream out, final PrintStream err, final Consumer<String> info)
      throws IOException {
    final TracedProgram traced = plan.traced();
    // Digested before the run: the class files it may load, as they were when it started.
    final String untracedClasses = UntracedClassDigest.sha256(traced.command(), traced.filter());
    final MessageDigest stderr = sha256();
    try (StagedFile staged = part.stage();
        Interruption guard = Interruption.guard(List.of(staged.path()), info)) {
      final SessionResult r = LocalSession.run(new SessionSpec(traced.command(), traced.program(), traced.filter(),
          plan.plan().sessions().get(session).witnesses(), input, staged.path(), plan.plan().id(), session,
          traced.unplanned(), traced.untraced()), out, new PrintStream(new DigestOutputStream(err, stderr)));
      if (r.refusedClasses().isEmpty() && !r.loadedUnknownClasses()) {
        final byte[] stdin = input.ifComplete().orElseThrow(() -> new IllegalStateException(
            "collect replays a complete input"));
        HitStreamWriter.appendRun(staged.path(), new RunRecord(r.exitCode(),
            HexFormat.of().formatHex(sha256().digest(stdin)), r.stdoutSha256(),
            HexFormat.of().formatHex(stderr.digest()), untracedClasses));
        staged.commit();
      }
      return r;
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Reads the parts of a plan's sessions for {@link #merge}: exactly one per session, all of this plan and of
   * one run ({@link Parts}), in session order.
   *
   * @param deterministic whether the user says the program takes the same path in every run, threads included
   * @throws IllegalArgumentException for a foreign, repeated, missing or incomplete part
   * @throws dev.jdtrace.reconstruct.ReconstructionException when the parts are of runs that differ
   */
  public static List<SessionStreams> parts(final TracePlan plan, final List<Path> parts, final boolean deterministic)
      throws IOException {
    return Parts.read(plan.plan(), parts, deterministic);
  }

  /**
   * Decodes the parts of every session of a plan (in session order) and writes the trace; a trace file is
   * replaced only by a complete trace.
   *
   * @return block entries written
   */
  public static long merge(final TracePlan plan, final List<SessionStreams> parts, final OutputTarget trace) {
    return TraceRun.writeTrace(plan.models(), plan.plan(), parts, trace);
  }

  /** Plans, collects every session here, checks they saw the same run, and writes the trace. */
  public static RunReport run(final RunRequest request, final PrintStream out, final PrintStream err,
      final Consumer<String> info) throws IOException {
    return TraceRun.run(request, out, err, info);
  }

  /**
   * Plans, runs the sessions on running JVMs (replicas in parallel, the sessions of one JVM one after
   * another), checks they saw the same run, matches their threads and writes the trace.
   */
  public static AttachReport attach(final AttachRequest request, final PrintStream out, final PrintStream err,
      final Consumer<String> info) throws IOException {
    return AttachRun.run(request, out, err, info);
  }

  /** This machine's cost model, which planning uses: the cached one, or measured now ({@code measureAgain}). */
  public static CostModel costModel(final boolean measureAgain, final Consumer<String> info) {
    return measureAgain ? CostModels.calibrate(info) : CostModels.forThisMachine(info);
  }

  /** Where this machine's cost model is cached, as a user reads it: {@code cached in FILE}, or {@code not cached}. */
  public static String costModelCache() {
    return CostModels.whereCached();
  }

  /** Where this machine's cost model is cached. */
  public static Path costModelFile() {
    return CostModels.file();
  }
}
