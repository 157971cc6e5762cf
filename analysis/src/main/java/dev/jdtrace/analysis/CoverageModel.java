package dev.jdtrace.analysis;

import dev.jdtrace.analysis.CoverageCode.Insn;
import dev.jdtrace.analysis.CoverageCode.MethodCode;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A trace's coverage counted as JaCoCo counts it (see its {@code MethodCoverageImpl} and
 * {@code ClassCoverageImpl}), the one model the {@code jacoco}, {@code lcov} and {@code cobertura} exports
 * write:
 * <ul>
 *   <li>an instruction is covered when its block ran to its end at least once;</li>
 *   <li>a conditional jump has 2 branches, a switch one per distinct target; a branch is covered when the
 *       trace went from the instruction to that target;</li>
 *   <li>a line is covered when one of its instructions is (JaCoCo's partly and fully covered lines);</li>
 *   <li>a method is covered when one of its instructions is, a class when one of its methods is;</li>
 *   <li>complexity is JaCoCo's: per method 1, plus per branching instruction its branches less one (the
 *       covered part: its covered branches less one).</li>
 * </ul>
 * Methods JaCoCo leaves out (see {@link CoverageCode#filtered}) are left out here too, and so are classes
 * with no method left, and the monitor-releasing handlers of {@code synchronized} blocks
 * ({@link CoverageCode#monitorExits}). Immutable.
 *
 * @param classes the classes, sorted by name
 */
public record CoverageModel(List<ClassCoverage> classes) {

  public CoverageModel {
    classes = List.copyOf(classes);
  }

  /** Missed and covered items. */
  public record Counter(long missed, long covered) {
    static final Counter ZERO = new Counter(0, 0);

    Counter plus(final Counter o) {
      return new Counter(missed + o.missed, covered + o.covered);
    }

    public long total() {
      return missed + covered;
    }

    /** covered / total, 1 when there is nothing to cover (Cobertura's convention). */
    public double rate() {
      return total() == 0 ? 1.0 : (double) covered / total();
    }
  }

  /** JaCoCo's counters of one element. */
  public record Counters(Counter instructions, Counter branches, Counter lines, Counter complexity,
      Counter methods, Counter classes) {
    static final Counters ZERO = new Counters(Counter.ZERO, Counter.ZERO, Counter.ZERO, Counter.ZERO,
        Counter.ZERO, Counter.ZERO);

    Counters plus(final Counters o) {
      return new Counters(instructions.plus(o.instructions), branches.plus(o.branches), lines.plus(o.lines),
          complexity.plus(o.complexity), methods.plus(o.methods), classes.plus(o.classes));
    }

    Counters withLines(final Counter l) {
      return new Counters(instructions, branches, l, complexity, methods, classes);
    }

    Counters withClasses(final Counter c) {
      return new Counters(instructions, branches, lines, complexity, methods, c);
    }

    /** The counters in JaCoCo's order with its names (INSTRUCTION ... CLASS). */
    public Map<String, Counter> byType() {
      final Map<String, Counter> m = new LinkedHashMap<>();
      m.put("INSTRUCTION", instructions);
      m.put("BRANCH", branches);
      m.put("LINE", lines);
      m.put("COMPLEXITY", complexity);
      m.put("METHOD", methods);
      m.put("CLASS", classes);
      return m;
    }
  }

  /**
   * One source line of an element.
   *
   * @param mi missed instructions
   * @param ci covered instructions
   * @param mb missed branches
   * @param cb covered branches
   * @param hits how often the line ran: the most times a block with an instruction on it ran to its end
   */
  public record Line(int mi, int ci, int mb, int cb, long hits) {
    Line plus(final Line o) {
      return new Line(mi + o.mi, ci + o.ci, mb + o.mb, cb + o.cb, Math.max(hits, o.hits));
    }

    public boolean covered() {
      return ci > 0;
    }
  }

  /**
   * The branches of one conditional jump or switch.
   *
   * @param line its source line, or -1
   * @param taken how often each branch was taken, in target order
   */
  public record BranchPoint(int line, List<Long> taken) {
    public BranchPoint {
      taken = List.copyOf(taken);
    }
  }

  /**
   * A method.
   *
   * @param firstLine its smallest source line, or -1 without lines
   * @param calls the entries of its first block: its calls, plus any jump back to its first instruction
   * @param lines its lines
   * @param branches its branching instructions in bytecode order
   */
  public record MethodCoverage(String name, String descriptor, int firstLine, long calls, Counters counters,
      SortedMap<Integer, Line> lines, List<BranchPoint> branches) {
    public MethodCoverage {
      lines = Collections.unmodifiableSortedMap(new TreeMap<>(lines));
      branches = List.copyOf(branches);
    }
  }

  /**
   * A class.
   *
   * @param name binary name with dots
   * @param sourceFile its source file name, or {@code ""}
   * @param lines the lines of all its methods
   */
  public record ClassCoverage(String name, String sourceFile, List<MethodCoverage> methods, Counters counters,
      SortedMap<Integer, Line> lines) {
    public ClassCoverage {
      methods = List.copyOf(methods);
      lines = Collections.unmodifiableSortedMap(new TreeMap<>(lines));
    }

    /** The package, with dots, {@code ""} for the unnamed one. */
    public String packageName() {
      final int dot = name.lastIndexOf('.');
      return dot < 0 ? "" : name.substring(0, dot);
    }

    /** The source file's path from a source root ({@code a/b/C.java}), or {@code ""} without a source file. */
    public String sourcePath() {
      if (sourceFile.isEmpty()) {
        return "";
      }
      return packageName().isEmpty() ? sourceFile : packageName().replace('.', '/') + "/" + sourceFile;
    }
  }

  /** A source file: the lines of its classes merged, and their counters added up (JaCoCo's sourcefile). */
  public record SourceFileCoverage(String name, SortedMap<Integer, Line> lines, Counters counters) {
  }

  /** A package: its classes and source files, and their counters added up. */
  public record PackageCoverage(String name, List<ClassCoverage> classes, List<SourceFileCoverage> sourceFiles,
      Counters counters) {
  }

  /**
   * Counts the coverage of a trace.
   *
   * @param code the code of each method of the dictionary, by method index
   * @param entries how often each block was entered
   * @param finished how often each block ran to its end
   * @param edges how often each branch was taken, keyed by {@link CoverageTally#edge}
   */
  static CoverageModel of(final TraceDictionary dictionary, final List<MethodCode> code, final long[] entries,
      final long[] finished, final Map<Long, Long> edges) {
    final List<List<Integer>> blocksOf = new ArrayList<>();
    dictionary.methods().forEach(m -> blocksOf.add(new ArrayList<>()));
    for (int b = 0; b < dictionary.blocks().size(); b++) {
      blocksOf.get(dictionary.blocks().get(b).methodIndex()).add(b);
    }
    final Map<Integer, List<MethodCoverage>> byClass = new TreeMap<>();
    for (int m = 0; m < dictionary.methods().size(); m++) {
      if (code.get(m).filtered() == null && !blocksOf.get(m).isEmpty()) {
        byClass.computeIfAbsent(dictionary.methods().get(m).classIndex(), k -> new ArrayList<>())
            .add(method(dictionary, m, code.get(m), blocksOf.get(m), entries, finished, edges));
      }
    }
    final List<ClassCoverage> classes = new ArrayList<>();
    byClass.forEach((c, methods) -> classes.add(classOf(dictionary.classes().get(c).name(),
        dictionary.classes().get(c).sourceFile(), methods)));
    classes.sort((a, b) -> a.name().compareTo(b.name()));
    return new CoverageModel(classes);
  }

  private static MethodCoverage method(final TraceDictionary dictionary, final int m, final MethodCode code,
      final List<Integer> blocks, final long[] entries, final long[] finished, final Map<Long, Long> edges) {
    final Map<Integer, Integer> blockAt = new HashMap<>();
    blocks.forEach(b -> blockAt.put(dictionary.blocks().get(b).startBci(), b));
    final SortedMap<Integer, Line> lines = new TreeMap<>();
    final List<BranchPoint> branches = new ArrayList<>();
    Counter instructions = Counter.ZERO;
    Counter branchCounter = Counter.ZERO;
    Counter complexity = Counter.ZERO;
    int block = -1;
    for (final Insn insn : code.insns()) {
      if (blockAt.containsKey(insn.bci())) {
        block = blockAt.get(insn.bci());
      } else if (block >= 0 && insn.bci() > dictionary.blocks().get(block).endBci()) {
        block = -1; // code in no block of the plan (unreachable): never ran
      }
      if (code.ignored().contains(insn.bci())) {
        continue;
      }
      final long runs = block < 0 ? 0 : finished[block];
      final boolean covered = runs > 0;
      int mb = 0;
      int cb = 0;
      if (insn.targets().size() > 1) {
        final List<Long> taken = new ArrayList<>();
        for (final int target : insn.targets()) {
          final Integer to = blockAt.get(target);
          taken.add(to == null ? 0L : edges.getOrDefault(CoverageTally.edge(block, to), 0L));
        }
        cb = (int) taken.stream().filter(t -> t > 0).count();
        mb = taken.size() - cb;
        branches.add(new BranchPoint(insn.line(), taken));
        final int c = Math.max(0, cb - 1);
        complexity = complexity.plus(new Counter(Math.max(0, taken.size() - c - 1), c));
      }
      instructions = instructions.plus(new Counter(covered ? 0 : 1, covered ? 1 : 0));
      branchCounter = branchCounter.plus(new Counter(mb, cb));
      if (insn.line() >= 0) {
        lines.merge(insn.line(), new Line(covered ? 0 : 1, covered ? 1 : 0, mb, cb, runs), Line::plus);
      }
    }
    final Counter method = instructions.covered() > 0 ? new Counter(0, 1) : new Counter(1, 0);
    final BlockEntry first = dictionary.blocks().get(blocks.get(0));
    final var entry = dictionary.methods().get(m);
    return new MethodCoverage(entry.name(), entry.descriptor(), lines.isEmpty() ? -1 : lines.firstKey(),
        first.startBci() == 0 ? entries[blocks.get(0)] : 0,
        new Counters(instructions, branchCounter, lineCounter(lines), complexity.plus(method), method,
            Counter.ZERO), lines, branches);
  }

  private static Counter lineCounter(final Map<Integer, Line> lines) {
    final long covered = lines.values().stream().filter(Line::covered).count();
    return new Counter(lines.size() - covered, covered);
  }

  private static ClassCoverage classOf(final String name, final String sourceFile,
      final List<MethodCoverage> methods) {
    final SortedMap<Integer, Line> lines = new TreeMap<>();
    Counters counters = Counters.ZERO;
    for (final MethodCoverage m : methods) {
      counters = counters.plus(m.counters());
      m.lines().forEach((nr, line) -> lines.merge(nr, line, Line::plus));
    }
    final Counter cls = counters.methods().covered() > 0 ? new Counter(0, 1) : new Counter(1, 0);
    return new ClassCoverage(name, sourceFile, methods, counters.withLines(lineCounter(lines)).withClasses(cls),
        lines);
  }

  /** The packages, sorted by name, each with its classes and source files sorted by name. */
  public List<PackageCoverage> packages() {
    final Map<String, List<ClassCoverage>> byPackage = new TreeMap<>();
    classes.forEach(c -> byPackage.computeIfAbsent(c.packageName(), k -> new ArrayList<>()).add(c));
    final List<PackageCoverage> packages = new ArrayList<>();
    byPackage.forEach((name, members) -> {
      final Map<String, List<ClassCoverage>> byFile = new TreeMap<>();
      Counters counters = Counters.ZERO;
      for (final ClassCoverage c : members) {
        if (c.sourceFile().isEmpty()) {
          counters = counters.plus(c.counters());
        } else {
          byFile.computeIfAbsent(c.sourceFile(), k -> new ArrayList<>()).add(c);
        }
      }
      final List<SourceFileCoverage> files = new ArrayList<>();
      for (final Map.Entry<String, List<ClassCoverage>> f : byFile.entrySet()) {
        final SourceFileCoverage file = sourceFile(f.getKey(), f.getValue());
        files.add(file);
        counters = counters.plus(file.counters());
      }
      packages.add(new PackageCoverage(name, members, files, counters));
    });
    return packages;
  }

  private static SourceFileCoverage sourceFile(final String name, final List<ClassCoverage> classes) {
    final SortedMap<Integer, Line> lines = new TreeMap<>();
    Counters counters = Counters.ZERO;
    for (final ClassCoverage c : classes) {
      counters = counters.plus(c.counters());
      c.lines().forEach((nr, line) -> lines.merge(nr, line, Line::plus));
    }
    return new SourceFileCoverage(name, Collections.unmodifiableSortedMap(lines),
        counters.withLines(lineCounter(lines)));
  }

  /** The counters of the whole report. */
  public Counters total() {
    return packages().stream().map(PackageCoverage::counters).reduce(Counters.ZERO, Counters::plus);
  }
}
