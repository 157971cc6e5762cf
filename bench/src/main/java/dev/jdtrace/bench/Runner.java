package dev.jdtrace.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.tracer.Tracer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs configurations on workloads as child processes and checks every jdtrace trace against the all-blocks
 * trace of the same workload (the digest of its blocks export). Scratch files live in one work folder: the
 * all-blocks trace of each workload (kept for {@code --weights}), and one run's trace and stats at a time.
 */
final class Runner {
  private final Path work;
  private final String java;
  private final Path releaseJar;
  private final String benchClasspath;
  private final Map<String, String> truth = new HashMap<>();

  Runner(final Path work, final Path root) {
    this.work = work;
    this.java = JavaCommand.currentJava();
    this.releaseJar = root.resolve("cli/target/jdtrace.jar");
    this.benchClasspath = System.getProperty("java.class.path");
  }

  /** The all-blocks trace of a workload, once its ground-truth run is done. */
  Path allBlocksTrace(final Workload w) {
    return work.resolve(slug(w.name()) + "-all-blocks.trace");
  }

  /** Whether the workload's ground truth is known. */
  boolean hasTruth(final Workload w) {
    return truth.containsKey(w.name());
  }

  /** One run of {@code c} on {@code w}. The all-blocks configuration must run first on each workload. */
  Sample run(final Workload w, final Config c) throws IOException, InterruptedException {
    final Path err = work.resolve("stderr.txt");
    return switch (c.kind()) {
      case NO_DEBUGGER -> {
        final ChildProcess.Outcome o = ChildProcess.run(w.javaCommand(), w.stdin(), err, 60);
        yield new Sample(o.wallMillis(), o.peakKb(), null, -1,
            o.exitCode() == 0 ? Sample.NOT_CHECKED : failed(o, err));
      }
      case LINE_STEPPING -> lineStepping(w, err);
      case JDTRACE -> jdtrace(w, c, err);
    };
  }

  private Sample lineStepping(final Workload w, final Path err) throws IOException, InterruptedException {
    final Path log = work.resolve("steps.log");
    final Path stats = work.resolve("steps.json");
    final List<String> cmd = new ArrayList<>(List.of(java, "-cp", benchClasspath,
        "dev.jdtrace.bench.stepping.LineStepper", "-o", log.toString(), "--stats", stats.toString()));
    if (w.stdin() != null) {
      cmd.addAll(List.of("--stdin", w.stdin().toString()));
    }
    cmd.add("--");
    cmd.addAll(w.javaCommand());
    try {
      final ChildProcess.Outcome o = ChildProcess.run(cmd, null, err, 60);
      if (o.exitCode() != 0) {
        return new Sample(o.wallMillis(), o.peakKb(), null, -1, failed(o, err));
      }
      final long steps = new ObjectMapper().readTree(stats.toFile()).path("steps").asLong();
      return new Sample(o.wallMillis(), o.peakKb(), null, steps, Sample.NOT_CHECKED);
    } finally {
      Files.deleteIfExists(log);
      Files.deleteIfExists(stats);
    }
  }

  private Sample jdtrace(final Workload w, final Config c, final Path err) throws IOException, InterruptedException {
    final boolean groundTruth = c.equals(Config.ALL_BLOCKS) && !truth.containsKey(w.name());
    final Path trace = groundTruth ? allBlocksTrace(w) : work.resolve("run.trace");
    final Path stats = work.resolve("run.json");
    // Every run plans afresh in a cache of its own (with this machine's cost model), except the one that
    // measures a second run of the same build: it finds the plan the previous configuration left.
    final Path cache = work.resolve("cache-" + slug(w.name()));
    if (!c.options().contains(Config.KEEP_CACHE)) {
      Runner.deleteTree(cache);
      Files.createDirectories(cache);
      final Path model = Tracer.costModelFile();
      if (Files.isRegularFile(model)) {
        Files.copy(model, cache.resolve(model.getFileName()));
      }
      // The JDK's type hierarchy is the machine's, as the cost model is: read once per JDK, not per program.
      try (java.util.stream.Stream<Path> jdk = Files.list(model.getParent())) {
        for (final Path types : jdk.filter(p -> p.getFileName().toString().startsWith("jdk-types-")).toList()) {
          Files.copy(types, cache.resolve(types.getFileName()));
        }
      } catch (final java.nio.file.NoSuchFileException e) {
        // No cache yet: the first run reads the JDK.
      }
    }
    // jdtrace as users run it: the release jar that bench/run.sh builds, with the launcher's JVM options, its
    // class-data archive among them when the build made one (./jdtrace passes it too).
    final List<String> cmd = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1"));
    final Path archive = releaseJar.resolveSibling("jdtrace.jsa");
    if (Files.isRegularFile(archive)) {
      cmd.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
    }
    cmd.addAll(List.of("-Djdtrace.cache=" + cache, "-jar", releaseJar.toString(), "run"));
    for (final String o : c.options()) {
      if (!o.equals(Config.KEEP_CACHE)) {
        cmd.add(o.equals(Config.WEIGHTS) ? allBlocksTrace(w).toString() : o);
      }
    }
    for (final String i : w.includes()) {
      cmd.addAll(List.of("--include", i));
    }
    cmd.addAll(List.of("--stdin", w.stdin() == null ? "/dev/null" : w.stdin().toString(), "--stats",
        stats.toString(), "-o", trace.toString(), "--"));
    cmd.addAll(w.javaCommand());
    try {
      final ChildProcess.Outcome o = ChildProcess.run(cmd, null, err, 60);
      if (o.exitCode() != 0) {
        return new Sample(o.wallMillis(), o.peakKb(), null, -1, failed(o, err));
      }
      final JdtraceStats s = JdtraceStats.read(stats);
      final String digest = BlocksDigest.of(trace);
      final String check;
      if (groundTruth) {
        truth.put(w.name(), digest);
        check = Sample.TRUTH;
      } else if (!truth.containsKey(w.name())) {
        check = "FAILED (no all-blocks trace to check against)";
      } else {
        check = truth.get(w.name()).equals(digest) ? Sample.EXACT : Sample.MISMATCH;
      }
      return new Sample(o.wallMillis(), o.peakKb(), s, -1, check);
    } finally {
      Files.deleteIfExists(stats);
      if (!groundTruth) {
        Files.deleteIfExists(trace);
      }
    }
  }

  /** The reason in one line: the exit code and the last line of standard error. */
  private static String failed(final ChildProcess.Outcome o, final Path err) throws IOException {
    final List<String> lines = Files.exists(err) ? Files.readAllLines(err) : List.of();
    final String last = lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
    return "FAILED (exit " + o.exitCode() + (last.isEmpty() ? "" : ": " + last.strip()) + ")";
  }

  private static void deleteTree(final Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var files = Files.walk(dir)) {
      for (final Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  static String slug(final String name) {
    return name.replaceAll("[^A-Za-z0-9]+", "-");
  }
}
