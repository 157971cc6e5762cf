package dev.jdtrace.tracer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.collect.LocalSession;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.SessionSpec;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.plan.Bytecode;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.discover.ExternalEntries;
import dev.jdtrace.tracer.io.OutputFailure;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Entries from untraced code into traced methods that cannot be seen statically (reflection, method
 * handles, proxies), learned by one observed run ({@link ExternalEntries}) and cached beside the cost
 * model, keyed by a digest of the analysed classes, the java command and its input, so the next run of
 * the same program pays nothing for them.
 */
final class LearnedEntries {
  private static final ObjectMapper JSON = new ObjectMapper();

  private LearnedEntries() {
  }

  /**
   * The entries learned before for this program and input, if cached.
   *
   * @param input the input recorded when the plan is made ({@link StandardInput#recorded()}): ended or not, a
   *     run reads no more of it unless more comes, which the run checks after its sessions
   */
  static Optional<List<String>> cached(final TracedProgram traced, final byte[] input) {
    final Path file = file(traced, input);
    if (Files.isRegularFile(file)) {
      try {
        return Optional.of(List.of(JSON.readValue(file.toFile(), String[].class)));
      } catch (final IOException e) {
        // A broken cache is learned again, not trusted.
      }
    }
    return Optional.empty();
  }

  /**
   * Runs the program once with a breakpoint on every method entry and call site, and returns the learned
   * entries joined with {@code known}; they are cached.
   */
  static List<String> observe(final TracedProgram traced, final StandardInput stdin, final List<String> known,
      final Consumer<String> info) throws IOException {
    final long start = System.nanoTime();
    final Path work = Files.createTempDirectory("jdtrace-discover-");
    try (Interruption guard = Interruption.guard(List.of(work), info)) {
      final Path part = work.resolve("discover.part");
      final BitSet witnesses = ExternalEntries.witnesses(traced.structure());
      final SessionResult result = LocalSession.run(new SessionSpec(traced.command(), traced.program(),
          traced.filter(), witnesses, stdin, part, "discover", 0), OutputStream.nullOutputStream(),
          OutputStream.nullOutputStream());
      final List<String> learned = join(known, traced.methodNames(
          ExternalEntries.learn(traced.structure(), SessionStreams.read(part))));
      info.accept(String.format("learned %s from untraced code in one observing run: %s, %s, %.1f s",
          Plural.of(learned.size(), "entry"), Plural.of(result.breakpoints(), "breakpoint"),
          Plural.of(result.hits(), "hit"),
          (System.nanoTime() - start) / 1e9));
      store(traced, stdin, learned, info);
      return learned;
    } finally {
      TraceRun.deleteTree(work);
    }
  }

  /** Learns from a session that saw every entry and call site, and caches the result. */
  static List<String> learnFrom(final TracedProgram traced, final StandardInput stdin, final SessionStreams session,
      final List<String> known, final Consumer<String> info) {
    final List<String> learned = join(known, traced.methodNames(ExternalEntries.learn(traced.structure(), session)));
    store(traced, stdin, learned, info);
    return learned;
  }

  private static List<String> join(final List<String> a, final List<String> b) {
    final TreeSet<String> all = new TreeSet<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }

  /**
   * Caches the entries under the input recorded once the learning run has ended: it read no more than
   * that, ended or not (input typed at a terminal that stays open included).
   */
  private static void store(final TracedProgram traced, final StandardInput stdin, final List<String> learned,
      final Consumer<String> info) {
    final Path file = file(traced, stdin.recorded());
    try {
      Files.createDirectories(file.getParent());
      // Replaced only when complete, so a full disk never leaves a cache that later runs cannot read.
      OutputTarget.check(file, "the learned entries cache").write(out -> JSON.writer()
          .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, learned));
    } catch (final IOException | IllegalArgumentException | OutputFailure e) {
      info.accept("cannot cache the learned entries in " + file + ": " + e.getMessage());
    }
  }

  /** The cache file: the analysed bytecode, the java command, the patterns and the input decide it. */
  static Path file(final TracedProgram traced, final byte[] stdin) {
    final StringBuilder key = new StringBuilder();
    for (final MethodCfg m : traced.program().methods()) {
      key.append(m.id()).append(' ').append(m.codeHash()).append('\n');
    }
    key.append(String.join("\0", traced.command().launcherArgs())).append('\n')
        .append(traced.filter()).append('\n')
        .append(Bytecode.sha256(stdin));
    final String id = Bytecode.sha256(key.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 24);
    return CostModels.file().getParent().resolve("entries").resolve(id + ".json");
  }
}
