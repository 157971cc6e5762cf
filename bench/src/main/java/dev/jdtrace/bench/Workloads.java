package dev.jdtrace.bench;

import dev.jdtrace.bench.scale.ScaleProgram;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.programs.Catalog;
import dev.jdtrace.programs.libs.LibraryCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workloads of the suite and the configurations each gets: the test programs, the real-library drivers
 * at sizes of at least 100,000 block entries, the scaling workload, and the workload of the workers study.
 */
final class Workloads {
  /** Driver sizes of about 100,000 block entries or more (LangDriver 80, GsonDriver 16, CsvDriver 40). */
  static final Map<String, Integer> FULL_SIZES = Map.of("LangDriver", 80, "GsonDriver", 16, "CsvDriver", 40);
  /** Quick mode: CsvDriver still reaches 100,000 entries, the others run at their default sizes. */
  static final Map<String, Integer> QUICK_SIZES = Map.of("LangDriver", 12, "GsonDriver", 2, "CsvDriver", 40);
  static final String STRATEGY_STUDY_DRIVER = "CsvDriver";
  /** The untuned drivers' sizes: a short trace, then a long one (about 100,000 block entries or more). */
  static final Map<String, List<Integer>> UNTUNED_SIZES = Map.of("ParserDriver", List.of(1, 8),
      "YamlDriver", List.of(3, 60), "CompressDriver", List.of(1, 6));
  /** JsoupDriver's one page already enters about 800,000 blocks, most of them loading the entity tables. */
  static final int JSOUP_SIZE = 1;

  private final Path root;
  private final Path work;
  private final String java;
  private final boolean quick;
  private final Map<Integer, Path> compiled = new LinkedHashMap<>();

  Workloads(final Path root, final Path work, final boolean quick) {
    this.root = root;
    this.work = work;
    this.java = JavaCommand.currentJava();
    this.quick = quick;
  }

  /**
   * The test programs of {@link Catalog} under the profile kinds (tiny paths: sessions show nothing there that
   * the libraries do not); quick mode takes three.
   */
  List<Workload> programs() throws IOException {
    final Path stdin = work.resolve("stdin.txt");
    Files.writeString(stdin, "alpha\nbeta\n\ngamma delta\n");
    final List<String> names = quick
        ? List.of(Catalog.DETERMINISTIC.get(0), Catalog.DETERMINISTIC.get(4), Catalog.DETERMINISTIC.get(9))
        : Catalog.DETERMINISTIC;
    final List<Workload> out = new ArrayList<>();
    for (final String main : names) {
      out.add(new Workload(main.substring(main.lastIndexOf('.') + 1), "program", List.of(),
          List.of(java, "-cp", root.resolve("test-programs/target/classes").toString(), main),
          main.endsWith("StdinEcho") ? stdin : null, Config.core()));
    }
    return out;
  }

  /**
   * The library drivers, sessions and caps (splitting the optimal plan in about 2 and 4, quick: 3) included;
   * then, but in quick mode, the jsoup driver.
   */
  List<Workload> libraries() {
    final List<Workload> out = new ArrayList<>();
    for (final LibraryCatalog.Library lib : LibraryCatalog.ALL) {
      final String simple = lib.mainClass().substring(lib.mainClass().lastIndexOf('.') + 1);
      final int size = (quick ? QUICK_SIZES : FULL_SIZES).get(simple);
      final List<Config> configs = Config.core();
      configs.add(Config.DEFAULT_WEIGHTS);
      for (final int n : quick ? List.of(2, 4) : List.of(2, 3, 4)) {
        configs.add(Config.sessions(n));
      }
      final Workload plain = library(lib, size, configs);
      for (final int k : Caps.of(plain, quick ? List.of(3) : List.of(2, 4))) {
        configs.add(Config.cap(k));
      }
      out.add(library(lib, size, configs));
    }
    if (!quick) {
      // Its all-blocks trace alone takes many minutes: the baselines and the two default runs only.
      out.add(library(LibraryCatalog.JSOUP, JSOUP_SIZE, new ArrayList<>(List.of(Config.NO_DEBUGGER,
          Config.LINE_STEPPING, Config.ALL_BLOCKS, Config.DEFAULT, Config.DEFAULT_WEIGHTS))));
    }
    return out;
  }

  /**
   * Short traces through large libraries ({@link LibraryCatalog#LARGE}: tens of thousands of blocks
   * included, a few thousand block entries) at their default sizes.
   */
  List<Workload> shortTraces() {
    final List<Workload> out = new ArrayList<>();
    for (final LibraryCatalog.Library lib : LibraryCatalog.LARGE) {
      final String simple = lib.mainClass().substring(lib.mainClass().lastIndexOf('.') + 1);
      final String cp = root.resolve("test-programs/target/classes") + ":" + root.resolve("test-programs/target/lib")
          + "/*";
      out.add(new Workload(simple, "short", lib.includes(), List.of(java, "-cp", cp, lib.mainClass()), null,
          Config.shortTrace()));
    }
    return out;
  }

  /**
   * Libraries nobody here tuned for ({@link LibraryCatalog#UNTUNED}), each at a size for a short trace and, but
   * in quick mode, at one for a long trace: the baselines, the ground truth, and the default run twice.
   */
  List<Workload> untuned() {
    final List<Workload> out = new ArrayList<>();
    for (final LibraryCatalog.Library lib : LibraryCatalog.UNTUNED) {
      final String simple = lib.mainClass().substring(lib.mainClass().lastIndexOf('.') + 1);
      for (final int size : quick ? List.of(UNTUNED_SIZES.get(simple).get(0)) : UNTUNED_SIZES.get(simple)) {
        out.add(library(lib, size, "untuned", List.of(Config.NO_DEBUGGER, Config.LINE_STEPPING, Config.ALL_BLOCKS,
            Config.DEFAULT, Config.DEFAULT_AGAIN)));
      }
    }
    return out;
  }

  /**
   * The workers study (seed Figs. 13 and 14): {@value #STRATEGY_STUDY_DRIVER} (size 10, quick 5: fifteen runs
   * must stay affordable) with every strategy on 1 to 5 workers, checked against its own all-blocks trace.
   */
  Workload workersStudy() {
    final LibraryCatalog.Library lib = LibraryCatalog.ALL.stream()
        .filter(l -> l.mainClass().endsWith("." + STRATEGY_STUDY_DRIVER)).findFirst().orElseThrow();
    final List<Config> configs = new ArrayList<>(List.of(Config.ALL_BLOCKS));
    for (final String strategy : DistributionStudy.STRATEGIES) {
      for (int w = 1; w <= DistributionStudy.MAX_WORKERS; w++) {
        configs.add(Config.workers(strategy, w));
      }
    }
    return library(lib, quick ? 5 : 10, configs);
  }

  /**
   * The scaling workload: the number of units (loaded blocks) at a fixed number of calls, then the number of
   * calls (trace length) at a fixed number of units.
   */
  List<Workload> scale() throws IOException {
    final int fixedCalls = fixedCalls();
    final int fixedUnits = fixedUnits();
    final Map<String, Workload> out = new LinkedHashMap<>();
    for (final int units : quick ? List.of(5, 20) : List.of(10, 40, 160)) {
      add(out, units, fixedCalls);
    }
    for (final int calls : quick ? List.of(500, 2000) : List.of(500, 2000, 8000)) {
      add(out, fixedUnits, calls);
    }
    return new ArrayList<>(out.values());
  }

  /** Calls of the series whose units vary. */
  int fixedCalls() {
    return quick ? 1000 : 2000;
  }

  /** Units of the series whose calls vary. */
  int fixedUnits() {
    return quick ? 5 : 10;
  }

  /** The name of a scale workload. */
  static String scaleName(final int units, final int calls) {
    return "Scale u" + units + " c" + calls;
  }

  private void add(final Map<String, Workload> out, final int units, final int calls) throws IOException {
    final String name = scaleName(units, calls);
    if (out.containsKey(name)) {
      return;
    }
    Path classes = compiled.get(units);
    if (classes == null) {
      classes = ScaleProgram.compile(work.resolve("scale-" + units), units);
      compiled.put(units, classes);
    }
    out.put(name, new Workload(name, "scale", List.of(),
        List.of(java, "-cp", classes.toString(), ScaleProgram.MAIN, Integer.toString(calls)),
        null, List.of(Config.NO_DEBUGGER, Config.LINE_STEPPING, Config.ALL_BLOCKS, Config.DEFAULT)));
  }

  private Workload library(final LibraryCatalog.Library lib, final int size, final List<Config> configs) {
    return library(lib, size, "library", configs);
  }

  private Workload library(final LibraryCatalog.Library lib, final int size, final String group,
      final List<Config> configs) {
    final String simple = lib.mainClass().substring(lib.mainClass().lastIndexOf('.') + 1);
    final String cp = root.resolve("test-programs/target/classes") + ":" + root.resolve("test-programs/target/lib")
        + "/*";
    return new Workload(simple + " " + size, group, lib.includes(),
        List.of(java, "-cp", cp, lib.mainClass(), Integer.toString(size)), null, configs);
  }
}
