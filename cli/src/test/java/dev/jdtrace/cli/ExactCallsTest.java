package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.analysis.BlocksExport;
import dev.jdtrace.analysis.CallsExport;
import dev.jdtrace.distribute.PlanFile;
import dev.jdtrace.programs.Catalog;
import dev.jdtrace.programs.libs.LibraryCatalog;
import dev.jdtrace.reconstruct.Reconstruction;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.walk.WalkCalls;
import dev.jdtrace.reference.CallsReference;
import dev.jdtrace.reference.SteppingReference;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceReader;
import dev.jdtrace.trace.TraceWriter;
import dev.jdtrace.tracer.TracePlan;
import dev.jdtrace.tracer.Tracer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The calls a trace file shows are the program's: on every test program (the deterministic ones, those that
 * end abruptly and the drivers of real libraries), the {@code calls} export of a one-session optimal trace
 * <ul>
 *   <li>equals, thread by thread and without its ordinals, the independent {@link CallsReference}: the JVM's
 *       own method entry and exit events, recorded in another run with no jdtrace code;</li>
 *   <li>places each call and return in the trace's own block path: a call's ordinal is the entry of the
 *       callee's first block, the block before a return's ordinal is the returning frame's (or that of a frame
 *       the same exception popped just before);</li>
 *   <li>equals, thread by thread, the frames the decoding walk pushed and popped (which it took from the ICFG,
 *       not from block ids), ordinals included: the trace file keeps all the walk knew about calls.</li>
 * </ul>
 * The library drivers need the jars the test-programs build copies at {@code package}, as
 * {@link LibrariesAgreeTest} does.
 */
class ExactCallsTest {
  @TempDir
  Path dir;

  static Stream<Arguments> programs() {
    return Stream.of(Catalog.DETERMINISTIC.stream().map(p -> Arguments.of(p, List.of())),
        Catalog.ENDINGS.stream().map(e -> Arguments.of(e.program(), List.of())),
        LibraryCatalog.ALL.stream().map(l -> Arguments.of(l.mainClass(), l.includes()))).flatMap(s -> s);
  }

  @ParameterizedTest
  @MethodSource("programs")
  void callsExportIsTheProgramsCalls(final String program, final List<String> includes) throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS + ":" + LibrariesAgreeTest.LIB + "/*",
        program);
    final List<String> planning = new ArrayList<>(List.of("plan", "--sessions", "1"));
    includes.forEach(i -> planning.addAll(List.of("--include", i)));
    final Path stdin = Files.writeString(dir.resolve("stdin"), GroundTruthTest.STDIN);
    final Path plan = dir.resolve("plan.json");
    planning.addAll(List.of("--stdin", stdin.toString(), "-o", plan.toString()));
    final Cli.Outcome planned = Cli.execute(args(planning, command));
    assertThat(planned.exitCode()).as(planned.err()).isZero();
    final Path part = dir.resolve("part");
    final Cli.Outcome collected = Cli.execute(args(List.of("collect", "--plan", plan.toString(), "--session", "0",
        "--stdin", stdin.toString(), "-o", part.toString()), command));
    assertThat(collected.exitCode()).as(collected.err()).isZero();
    assertThat(part).as(collected.err()).exists();

    final PlanFile file = PlanFiles.read(plan);
    final TracePlan rebuilt = TracePlan.of(file, file.javaCommand());
    final List<SessionStreams> streams = Tracer.parts(rebuilt, List.of(part), false);
    final TraceDictionary dictionary = TraceDictionary.of(rebuilt.models().get(0));
    final Map<String, List<String>> walked = new LinkedHashMap<>();
    final ByteArrayOutputStream trace = new ByteArrayOutputStream();
    try (TraceWriter writer = new TraceWriter(trace)) {
      Reconstruction.reconstruct(rebuilt.models(), rebuilt.plan(), streams, writer,
          thread -> new Walked(dictionary, thread, walked.computeIfAbsent(thread, t -> new ArrayList<>())));
    }
    final StringWriter export = new StringWriter();
    TraceReader.accept(new ByteArrayInputStream(trace.toByteArray()), CallsExport.to(new PrintWriter(export)));
    final Map<String, List<String>> exported = new LinkedHashMap<>();
    export.toString().lines().forEach(l -> exported.computeIfAbsent(l.substring(0, l.indexOf('\t')),
        t -> new ArrayList<>()).add(l));
    walked.values().removeIf(List::isEmpty);
    assertThat(walked).isNotEmpty();
    assertThat(exported).isEqualTo(walked);

    final List<String> prefixes = includes.isEmpty() ? List.of("dev.jdtrace.programs.") : includes;
    final Map<String, List<String>> reference = SteppingReference.byThread(CallsReference.trace(command, prefixes,
        Files.readAllBytes(stdin)));
    final Map<String, List<String>> withoutOrdinals = new LinkedHashMap<>();
    exported.forEach((thread, lines) -> withoutOrdinals.put(thread, lines.stream().map(ExactCallsTest::withoutOrdinal)
        .toList()));
    assertThat(withoutOrdinals).isEqualTo(reference);

    final StringWriter blocks = new StringWriter();
    TraceReader.accept(new ByteArrayInputStream(trace.toByteArray()), new BlocksExport(new PrintWriter(blocks)));
    final Map<String, List<String>> path = SteppingReference.byThread(blocks.toString().lines().toList());
    exported.forEach((thread, lines) -> assertOrdinalsInPath(thread, lines, path.getOrDefault(thread, List.of())));
  }

  /** A calls export line without its ordinal, as {@link CallsReference} writes it. */
  private static String withoutOrdinal(final String line) {
    final String[] f = line.split("\t");
    return String.join("\t", f[0], f[2], f[3], f[4], f[5]);
  }

  /**
   * Each call's ordinal is the entry of the callee's first block (bci 0) in the thread's block path; the block
   * before each return's ordinal is one of the returning method's, unless a deeper frame returned at the same
   * ordinal (an exception popped both).
   */
  private static void assertOrdinalsInPath(final String thread, final List<String> calls, final List<String> path) {
    String previous = null;
    for (final String line : calls) {
      final String[] f = line.split("\t");
      final int ordinal = Integer.parseInt(f[1]);
      if (f[2].equals("call")) {
        assertThat(ordinal).as(line).isLessThan(path.size());
        final String[] entered = path.get(ordinal).split("\t");
        assertThat(List.of(entered[1], entered[2], entered[3])).as(line).containsExactly(f[4], f[5], "0");
      } else if (previous == null || !previous.startsWith("return") || Integer.parseInt(previous.split("\t")[1])
          != ordinal) {
        assertThat(ordinal).as(line).isPositive().isLessThanOrEqualTo(path.size());
        final String[] last = path.get(ordinal - 1).split("\t");
        assertThat(List.of(last[1], last[2])).as(line).containsExactly(f[4], f[5]);
      }
      previous = String.join("\t", f[2], f[1]);
    }
  }

  private static String[] args(final List<String> head, final List<String> command) {
    return Stream.concat(head.stream(), Stream.concat(Stream.of("--"), command.stream())).toArray(String[]::new);
  }

  /** The walk's calls of one thread as lines of the calls export. */
  private static final class Walked implements WalkCalls {
    private final TraceDictionary dictionary;
    private final String thread;
    private final List<String> lines;
    private int depth;

    Walked(final TraceDictionary dictionary, final String thread, final List<String> lines) {
      this.dictionary = dictionary;
      this.thread = thread;
      this.lines = lines;
    }

    @Override
    public void enter(final int method, final long ordinal) {
      line("call", method, ordinal, depth++);
    }

    @Override
    public void exit(final int method, final long ordinal) {
      line("return", method, ordinal, --depth);
    }

    private void line(final String kind, final int method, final long ordinal, final int at) {
      final TraceDictionary.MethodEntry m = dictionary.methods().get(method);
      lines.add(thread + "\t" + ordinal + "\t" + kind + "\t" + at + "\t"
          + dictionary.classes().get(m.classIndex()).name() + "\t" + m.name() + m.descriptor());
    }
  }
}
