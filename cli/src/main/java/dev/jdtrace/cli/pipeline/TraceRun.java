package dev.jdtrace.cli.pipeline;

import dev.jdtrace.distributor.Distributor;
import dev.jdtrace.distributor.Plan;
import dev.jdtrace.profiler.icfg.DecisionGroups;
import dev.jdtrace.driver.LocalSession;
import dev.jdtrace.driver.SessionResult;
import dev.jdtrace.driver.SessionSpec;
import dev.jdtrace.profiler.ClassFilter;
import dev.jdtrace.profiler.JavaCommand;
import dev.jdtrace.profiler.ProgramLoader;
import dev.jdtrace.profiler.icfg.CallResolver;
import dev.jdtrace.profiler.icfg.Callbacks;
import dev.jdtrace.profiler.icfg.Hierarchy;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.profiler.icfg.IcfgPlanner;
import dev.jdtrace.profiler.icfg.ProfileKind;
import dev.jdtrace.profiler.icfg.Weights;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.reconstruct.Reconstruction;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.TraceWeights;
import dev.jdtrace.reconstruct.trace.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;

/** {@code jdtrace run}: plan, collect every session, reconstruct, write the trace. */
public final class TraceRun {
  private TraceRun() {
  }

  /**
   * Runs the whole pipeline on this machine.
   *
   * @param out where the first session's standard output goes
   * @param err where the first session's standard error goes
   * @param info receives one-line progress messages
   */
  public static RunReport run(final RunRequest request, final PrintStream out, final PrintStream err,
      final Consumer<String> info) throws IOException {
    final long start = System.nanoTime();
    final JavaCommand command = JavaCommand.parse(request.javaCommand());
    List<String> includes = request.includes();
    if (includes.isEmpty()) {
      includes = ProgramLoader.defaultIncludes(command);
      info.accept("tracing " + String.join(", ", includes) + " (the classes of " + command.mainEntry()
          + "); use --include to choose");
    }
    final ClassFilter filter = new ClassFilter(includes, request.excludes());
    final Program program = ProgramLoader.load(command.classpath(), filter);
    if (program.classes().isEmpty()) {
      throw new IllegalArgumentException("no class on the classpath matches --include " + String.join(" ", includes)
          + ": give a class name or a prefix such as com.example.*");
    }
    final boolean openWorld = !filter.matches(command.mainClass()) || !request.excludes().isEmpty();
    final IcfgModel.Structure structure = IcfgModel.Structure.of(program,
        new CallResolver(new Hierarchy(program), openWorld),
        Callbacks.of(program, new CallResolver(new Hierarchy(program), openWorld), command.classpath(), openWorld));
    final IcfgPlanner.Result planned = IcfgPlanner.plan(structure, ProfileKind.of(request.profile()),
        request.weights() == null ? Weights.staticEstimate() : TraceWeights.read(request.weights(), program));
    final DecisionGroups groups = DecisionGroups.of(planned.model());
    final List<BitSet> split = Distributor.split(program, groups.shared(), groups.groups(), request.strategy(),
        request.sessions(), request.cap(), planned.blockWeights());
    final Plan plan = Plan.of(program, request.profile(), split);
    final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(structure, w)).toList();
    info.accept("plan " + plan.id() + ": " + planned.witnesses().cardinality() + " witnesses of "
        + program.blockCount() + " blocks in " + split.size() + " session(s)");
    final Path work = Files.createTempDirectory("jdtrace-");
    try {
      final List<SessionResult> results = Sessions.runAll(plan, work, request.parallel(), (session, part) ->
          LocalSession.run(new SessionSpec(command, program, filter, session.witnesses(), request.stdin(), part,
              plan.id(), session.index()), session.index() == 0 ? out : OutputStream.nullOutputStream(),
              session.index() == 0 ? err : OutputStream.nullOutputStream()), info);
      Sessions.checkSameRun(results);
      final List<SessionStreams> streams = new ArrayList<>();
      for (final Plan.SessionPlan session : plan.sessions()) {
        streams.add(SessionStreams.read(Sessions.part(work, session.index())));
      }
      // Written beside the target and moved into place, so a failed run never leaves a broken trace.
      final Path partial = work.resolve("trace.partial");
      final long entries;
      try (OutputStream file = Files.newOutputStream(partial);
          TraceWriter writer = new TraceWriter(file)) {
        entries = Reconstruction.reconstruct(models, plan, streams, writer);
      }
      Files.move(partial, request.trace(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      final int threads = streams.stream().mapToInt(s -> s.threads().size()).max().orElse(0);
      return new RunReport(plan, program.blockCount(), results, entries, threads,
          (System.nanoTime() - start) / 1_000_000);
    } finally {
      deleteTree(work);
    }
  }

  private static void deleteTree(final Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      for (final Path p : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}
