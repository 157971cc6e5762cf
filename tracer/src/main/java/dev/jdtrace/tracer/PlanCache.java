package dev.jdtrace.tracer;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.plan.Bytecode;
import dev.jdtrace.plan.ClassFiles;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.icfg.CallResolver;
import dev.jdtrace.plan.icfg.Hierarchy;
import dev.jdtrace.plan.icfg.UntracedCallers;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Plans and first runs remembered in the user's cache directory ({@link CostModels#cacheDir()}{@code /plans}),
 * so that tracing the same build again (a CI regression run) neither runs the program for its loaded
 * classes nor plans:
 * <ul>
 *   <li>the traced classes a run loaded, keyed by the java command, its standard input and the class
 *       patterns, not by the class files: a changed build reuses them, since every session checks what it
 *       loads against them and the run plans again when it loads another class;</li>
 *   <li>a plan (its sessions' witnesses and predicted cost), keyed by the analysed classes (hierarchy and
 *       each method's bytecode hash), the untraced class files of the classpath, the java command, every
 *       planning option, the weights file's bytes and the cost model;</li>
 *   <li>what the untraced classes of the classpath can do to traced code ({@link UntracedCallers}), keyed by
 *       the analysed classes, the class patterns and the classpath's class files.</li>
 * </ul>
 * A changed class invalidates only what depends on it: changing a class the program loads plans again
 * (without a first run), changing one it does not load plans nothing; a broken or unreadable entry is ignored.
 * Entries are written to a temporary file and moved into place, so concurrent runs never read half an entry.
 */
final class PlanCache {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Bumped when the planner's output, or what the first run records, changes for the same input. */
  private static final String FORMAT = "jdtrace plan cache 16";

  private PlanCache() {
  }

  /**
   * A remembered plan.
   *
   * @param planId the plan's identity, checked again on the classes as loaded
   * @param sessions each session's witnesses (global block ids)
   * @param prediction the plan's predicted cost
   * @param witnesses witnesses of the whole plan
   */
  record StoredPlan(String planId, List<int[]> sessions, Prediction prediction, int witnesses) {

    /** The sessions' witness sets. */
    List<BitSet> sessionSets() {
      final List<BitSet> out = new ArrayList<>();
      for (final int[] s : sessions) {
        final BitSet set = new BitSet();
        for (final int b : s) {
          set.set(b);
        }
        out.add(set);
      }
      return out;
    }

    static StoredPlan of(final String planId, final List<BitSet> sessions, final Prediction prediction,
        final int witnesses) {
      return new StoredPlan(planId, sessions.stream().map(s -> s.stream().toArray()).toList(), prediction,
          witnesses);
    }
  }

  /**
   * What a first run saw.
   *
   * @param classes the traced classes it loaded
   * @param ran their methods that ran, or {@code null} when not known
   * @param jumps the jumps the JVM counted in them, or {@code null} when not known (an older entry)
   * @param untraced the untraced, non-JDK classes it loaded, or {@code null} when not known (an older entry)
   * @param threads the threads it saw enter traced methods
   * @param wallMillis its wall time, launch to the VM's death, or {@code null} when not known (an older entry)
   * @param probes what its own breakpoints cost it, or {@code null} when not known
   * @param hits hits per witness that a later run took where its prediction missed them, or {@code null}
   * @param reflected the traced methods reflection entered, or {@code null} when not known
   */
  record StoredClasses(List<String> classes, java.util.Map<String, Integer> ran,
      java.util.Map<String, long[]> jumps, List<String> untraced,
      int threads, Long wallMillis, dev.jdtrace.collect.FirstRun.Probes probes, java.util.Map<String, Long> hits,
      List<String> reflected) {
  }

  /**
   * The key of the classes a run of this command on this input loads, or {@code null} while the input is
   * still arriving (the run does not wait for its end, so there is nothing to key it by).
   */
  static String loadedKey(final JavaCommand command, final ClassFilter filter,
      final dev.jdtrace.collect.StandardInput stdin) {
    final java.util.Optional<byte[]> input = stdin.ifComplete();
    if (input.isEmpty() && !stdin.fromTerminal()) {
      return null;
    }
    final StringBuilder key = new StringBuilder(FORMAT).append("\nloaded");
    command.launcherArgs().forEach(a -> key.append("\narg ").append(a));
    // Typed input is unknown before the run: the classes are those of the last run at a terminal. Sessions
    // that load a class the plan left out plan again, as with any plan.
    key.append("\nstdin ").append(stdin.fromTerminal() ? "a terminal" : Bytecode.sha256(input.get()));
    key.append("\ninclude ").append(filter.includes()).append("\nexclude ").append(filter.excludes());
    command.classpath().forEach(entry -> key.append("\nentry ").append(entry.toAbsolutePath()));
    return digest(key);
  }

  /** The key of a plan of these analysed classes with these options and this cost model. */
  static String planKey(final TracedProgram traced, final RunRequest request, final CostModel cost) {
    return planKey(traced, request, cost, null);
  }

  /**
   * The key of a plan of these analysed classes with these options, this cost model and these learned hits
   * ({@link LearnedHits}, or {@code null}): they weigh the split the cost model chooses.
   */
  static String planKey(final TracedProgram traced, final RunRequest request, final CostModel cost,
      final java.util.Map<String, Long> learnedHits) {
    final StringBuilder key = new StringBuilder(FORMAT).append("\nplan");
    if (learnedHits != null) {
      key.append("\nlearned hits ").append(digest(new java.util.TreeMap<>(learnedHits).toString()));
    }
    if (traced.command() != null) {
      traced.command().launcherArgs().forEach(a -> key.append("\narg ").append(a));
      // Untraced supertypes and callers are read from the classpath: their class files count. Traced ones
      // count only when analysed (below): one the program does not load cannot change the plan.
      for (final Path entry : traced.command().classpath()) {
        key.append("\nentry ").append(entry.toAbsolutePath()).append(' ').append(classFiles(entry,
            resource -> !traced.filter().matches(ClassFiles.binaryName(resource))));
      }
    }
    key.append("\njdk ").append(traced.jdk().map(dev.jdtrace.plan.icfg.TargetJdk::identity).orElse("none"));
    key.append("\ninclude ").append(traced.filter().includes()).append("\nexclude ")
        .append(traced.filter().excludes())
        .append("\nopen ").append(traced.openWorld()).append("\nlearned ").append(new TreeSet<>(traced.learned()))
        .append("\nran ").append(traced.ran() == null ? "unknown" : digest(new java.util.TreeMap<>(traced.ran()).toString()))
        .append("\njumps ").append(digest(new java.util.TreeMap<>(traced.jumps()).entrySet().stream()
            .map(e -> e.getKey() + java.util.Arrays.toString(e.getValue())).toList().toString()))
        .append("\nuntraced ").append(traced.untraced() == null ? "unknown" : digest(new TreeSet<>(traced.untraced())
            .toString())).append("\nany subclass ").append(traced.anySubclass())
        .append("\nrunning ").append(traced.running() == null ? "every method" : digest(traced.running().toString()))
        .append("\nreflected ").append(traced.reflected() == null ? "not watched" : new TreeSet<>(traced.reflected()));
    key.append("\nprofile ").append(request.profile().label()).append("\nsessions ").append(request.sessions())
        .append("\ncap ").append(request.cap()).append("\nstrategy ").append(request.strategy())
        .append("\nparallel ").append(request.parallel()).append("\ncost ").append(cost);
    try {
      key.append("\nweights ").append(request.weights() == null ? "none"
          : Bytecode.sha256(Files.readAllBytes(request.weights())));
    } catch (final IOException e) {
      throw new WeightsException(request.weights(), "cannot read it: " + e.getMessage(), e);
    }
    appendClasses(key, traced.program());
    return digest(key);
  }

  /** The analysed classes: hierarchy, and each method's access and bytecode hash. */
  private static void appendClasses(final StringBuilder key, final Program program) {
    for (final ClassModel c : program.classes()) {
      key.append("\nclass ").append(c.name()).append(' ').append(c.superName()).append(' ')
          .append(c.interfaces()).append(' ').append(c.access()).append(' ').append(c.declared())
          .append(' ').append(c.handleTargets());
      for (final MethodCfg m : c.methods()) {
        key.append("\n  ").append(m.id().nameAndDescriptor()).append(' ').append(m.access()).append(' ')
            .append(m.codeHash());
      }
    }
  }

  /**
   * What the untraced classes of a classpath can do to these traced ones: remembered under the analysed
   * classes, the class patterns and every class file of the classpath (names, sizes and CRCs of jar
   * entries; bytes of class files in directories), else scanned and remembered. Scanning reads every
   * untraced class of the classpath, which a large library makes cost a second on each run.
   */
  static UntracedCallers callers(final Program program, final ClassFilter filter, final List<Path> classpath) {
    return callers(program, filter, classpath, null);
  }

  /**
   * What the untraced classes of the classpath that a run loaded can do to traced code, or every one's when
   * {@code loaded} is {@code null} ({@link UntracedCallers#scan(Program, CallResolver, ClassFilter, List, Set)}).
   */
  static UntracedCallers callers(final Program program, final ClassFilter filter, final List<Path> classpath,
      final Set<String> loaded) {
    final StringBuilder text = new StringBuilder(FORMAT).append("\ncallers");
    text.append("\nloaded ").append(loaded == null ? "every class" : digest(new TreeSet<>(loaded).toString()));
    text.append("\ninclude ").append(filter.includes()).append("\nexclude ").append(filter.excludes());
    for (final Path entry : classpath) {
      text.append("\nentry ").append(entry.toAbsolutePath()).append(' ').append(classFiles(entry, r -> true));
    }
    appendClasses(text, program);
    final String key = digest(text);
    final StoredCallers stored = read("callers-" + key, StoredCallers.class);
    if (stored != null && stored.entered() != null && stored.overrides() != null) {
      return new UntracedCallers(BitSet.valueOf(stored.entered()), java.util.Map.copyOf(stored.overrides()));
    }
    final UntracedCallers callers = UntracedCallers.scan(program, new CallResolver(new Hierarchy(program), false),
        filter, classpath, loaded);
    write("callers-" + key, new StoredCallers(callers.entered().toLongArray(), new java.util.TreeMap<>(
        callers.overrides())));
    return callers;
  }

  /**
   * Untraced callers as stored.
   *
   * @param entered {@link UntracedCallers#entered()} as {@link BitSet#toLongArray()}
   * @param overrides {@link UntracedCallers#overrides()}
   */
  record StoredCallers(long[] entered, java.util.Map<String, Set<String>> overrides) {
  }

  static StoredPlan readPlan(final String key) {
    return read("plan-" + key, StoredPlan.class);
  }

  static void writePlan(final String key, final StoredPlan plan) {
    write("plan-" + key, plan);
  }

  /** What a first run saw, remembered for a key, or null. */
  static PlannedClasses.Observed readLoaded(final String key) {
    final StoredClasses stored = read("loaded-" + key, StoredClasses.class);
    return stored == null || stored.classes() == null ? null : new PlannedClasses.Observed(
        new TreeSet<>(stored.classes()), stored.ran(), stored.jumps(), stored.untraced() == null ? null
        : new TreeSet<>(stored.untraced()), stored.threads(), stored.wallMillis() == null ? -1 : stored.wallMillis(),
        stored.probes(), stored.hits(), stored.reflected() == null ? null : new TreeSet<>(stored.reflected()));
  }

  static void writeLoaded(final String key, final PlannedClasses.Observed observed) {
    write("loaded-" + key, new StoredClasses(new ArrayList<>(observed.classes()),
        observed.ran() == null ? null : new java.util.TreeMap<>(observed.ran()),
        observed.jumps() == null ? null : new java.util.TreeMap<>(observed.jumps()),
        observed.untraced() == null ? null : new ArrayList<>(observed.untraced()), observed.threads(),
        observed.wallMillis() < 0 ? null : observed.wallMillis(), observed.probes(),
        observed.hits() == null ? null : new java.util.TreeMap<>(observed.hits()),
        observed.reflected() == null ? null : new ArrayList<>(observed.reflected())));
  }

  private static <T> T read(final String name, final Class<T> type) {
    final Path file = dir().resolve(name + ".json");
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return JSON.readValue(file.toFile(), type);
    } catch (final IOException e) {
      return null; // A broken entry is planned again, not trusted.
    }
  }

  private static void write(final String name, final Object value) {
    try {
      Files.createDirectories(dir());
      final Path partial = Files.createTempFile(dir(), name, ".partial");
      try {
        JSON.writeValue(partial.toFile(), value);
        Files.move(partial, dir().resolve(name + ".json"), StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(partial);
      }
    } catch (final IOException e) {
      // The cache only saves time: a run that cannot write it still traces.
    }
  }

  private static Path dir() {
    return CostModels.cacheDir().resolve("plans");
  }

  /**
   * A digest of the class files of one classpath entry that {@code which} accepts (by resource name):
   * names, sizes and CRCs from a jar's directory (nothing inflated), bytes of a directory's class files.
   */
  private static String classFiles(final Path entry, final java.util.function.Predicate<String> which) {
    final StringBuilder files = new StringBuilder();
    try {
      if (Files.isRegularFile(entry)) {
        try (ZipFile zip = new ZipFile(entry.toFile())) {
          final Enumeration<? extends ZipEntry> entries = zip.entries();
          while (entries.hasMoreElements()) {
            final ZipEntry e = entries.nextElement();
            if (e.getName().endsWith(".class") && which.test(e.getName())) {
              files.append(e.getName()).append(' ').append(e.getSize()).append(' ').append(e.getCrc()).append('\n');
            }
          }
        }
      } else if (Files.isDirectory(entry)) {
        try (var walk = Files.walk(entry)) {
          for (final Path f : (Iterable<Path>) walk.filter(p -> p.toString().endsWith(".class")).sorted()::iterator) {
            final String resource = entry.relativize(f).toString().replace('\\', '/');
            if (which.test(resource)) {
              try (InputStream in = Files.newInputStream(f)) {
                files.append(resource).append(' ').append(Bytecode.sha256(in.readAllBytes())).append('\n');
              }
            }
          }
        }
      }
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot read classpath entry " + entry + ": " + e.getMessage(), e);
    }
    return digest(files);
  }

  private static String digest(final CharSequence text) {
    return Bytecode.sha256(text.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 32);
  }
}
