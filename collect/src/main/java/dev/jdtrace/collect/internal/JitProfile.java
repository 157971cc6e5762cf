package dev.jdtrace.collect.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How often the JVM itself counted each method run, and each jump in it, read from its own profile: HotSpot keeps a
 * method's invocations and the branches it took in its profile (the method data), and {@code -XX:+PrintMethodData}
 * prints every profile at exit. The first run asks for it, to its own log file so that the program's output stays
 * as it is. This costs the run nothing measurable (a javaparser parse: 0.50 s bare, 0.55 s with it), where counting
 * runs with a breakpoint costs a hit per run, each walking every request set (DESIGN §3).
 *
 * <p>The interpreter is asked to profile a method from its first counter notification (after 128 runs, or 1,024
 * jumps back in a loop: {@code Tier0ProfilingStartPercentage=0}) rather than from about 200 runs: a method run once
 * with a loop of thousands gets a profile too (commons-compress's bzip2 sorts and encoders: a block 41,664 times in
 * one run, counted 41,064 times). It costs the first run a little: MathDriver ran 20-50 ms longer, and its log grew
 * from 0.6 to 1.1 MB, printed after the VM's death and read in 40 ms.
 *
 * <p>The counts are lower bounds: a method's profile starts after its first runs, and C2-compiled code counts no
 * more. On that parse the 65 traced methods it profiled ran 79,893 times and were counted 69,923.
 *
 * <p>Other JVMs, and a command that already routes the VM's output or prints to it, get no options: OpenJ9 ignores
 * unknown {@code -XX} options, and a user's own {@code -XX:LogFile} or {@code -XX:+PrintFlagsFinal} must keep
 * working as given.
 */
public final class JitProfile {
  /**
   * Options of the user's command or environment after which ours could change what the program prints: where the
   * VM's output goes, and what prints to it ({@code -XX:+PrintFlagsFinal} would go to our log, so the first run's
   * output would differ from the sessions'), or options read from a file.
   */
  private static final List<String> CONFLICTING = List.of("vmoutput", "logfile", "print", "trace", "verbose",
      "-xx:flags=", "vmoptionsfile", "logcompilation");
  /**
   * A method's name as the profile prints it: {@code pkg.Class::name(descriptor)return}, after its modifiers
   * ({@code static}, {@code final}, {@code synchronized}).
   */
  private static final Pattern METHOD = Pattern.compile("^(?:[a-z]+ )*([^\\s:]+)::(\\S+\\(\\S*)$");
  private static final Pattern COUNT =
      Pattern.compile("^\\s+(?:interpreter_invocation_count|invocation_counter):\\s+(\\d+)\\s*$");
  /** A jump's target as the instruction prints it. */
  private static final Pattern TARGET = Pattern.compile("^\\s*(\\d+)\\s*$");
  /** The profile of a jump: {@code bci: N BranchData taken(T)} or {@code JumpData taken(T)}. */
  private static final Pattern JUMP =
      Pattern.compile("^\\s+\\d+\\s+bci: (\\d+)\\s+(?:Branch|Jump)Data\\s+taken\\((\\d+)\\).*$");
  /** The second line of a conditional jump's profile: {@code not taken(N)}. */
  private static final Pattern NOT_TAKEN = Pattern.compile("^\\s+not taken\\((\\d+)\\)\\s*$");

  /**
   * What the profile counted of the traced methods.
   *
   * @param runs each profiled method's runs as counted, keyed {@code class.name+descriptor} (binary class names), the
   *     larger of the profile's two counts
   * @param jumps per method, the jumps its profile counted as triples (from bci, to bci, times): a conditional jump
   *     taken and not taken (to the next instruction), a {@code goto}; methods without any are left out
   */
  public record Counts(Map<String, Long> runs, Map<String, long[]> jumps) {
  }

  private JitProfile() {
  }

  /**
   * The JVM options that write the profile to {@code log}, or none when the command or its environment already
   * sets where the VM's output goes or prints to it.
   *
   * @param jvmOptions the options of the command, its environment's {@code JAVA_TOOL_OPTIONS},
   *     {@code _JAVA_OPTIONS} and {@code JDK_JAVA_OPTIONS} among them
   */
  public static List<String> options(final List<String> jvmOptions, final Path log) {
    for (final String option : jvmOptions) {
      final String o = option.toLowerCase(Locale.ROOT);
      if (o.startsWith("-xx:") && CONFLICTING.stream().anyMatch(o::contains)) {
        return List.of();
      }
    }
    return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput", "-XX:+LogVMOutput",
        "-XX:LogFile=" + log, "-XX:+PrintMethodData", "-XX:Tier0ProfilingStartPercentage=0");
  }

  /**
   * What the profile counted of the methods {@code wanted} keeps ({@code class.name+descriptor}), empty when the log
   * is missing or unreadable (the JVM was killed, or is not HotSpot). The others' lines are skipped unread: most of
   * the log is the JDK's.
   */
  public static Counts read(final Path log, final Predicate<String> wanted) {
    final Map<String, Long> runs = new HashMap<>();
    final Map<String, long[]> jumps = new HashMap<>();
    if (!Files.isRegularFile(log)) {
      return new Counts(runs, jumps);
    }
    try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1)) {
      final MethodJumps method = new MethodJumps();
      String line;
      while ((line = in.readLine()) != null) {
        // Most lines are instructions: told apart by their first characters, and only a method's name and a jump's
        // profile go through a pattern (a 1 MB log: 190 ms with a pattern per line, 40 ms so).
        final int at = indent(line);
        if (at == line.length()) {
          continue;
        }
        if (at == 0 && !Character.isDigit(line.charAt(0))) {
          // A method's name, or the log's own lines (its separators, its XML) after the last one.
          method.end(jumps);
          final Matcher name = line.contains("::") ? METHOD.matcher(unescape(line)) : null;
          if (name != null && name.matches() && wanted.test(name.group(1) + "." + name.group(2))) {
            method.start(name.group(1) + "." + name.group(2));
          }
        } else if (method.name != null) {
          read(line, at, method, runs);
        }
      }
      method.end(jumps);
    } catch (final IOException | RuntimeException e) {
      // A log cut short (the JVM died writing it) or in another format: what was read stands, as lower bounds.
    }
    return new Counts(runs, jumps);
  }

  /** Reads one line of a method's profile: a count of its runs, an instruction, or a jump's profile. */
  private static void read(final String line, final int at, final MethodJumps method, final Map<String, Long> runs) {
    if (Character.isDigit(line.charAt(at))) {
      if (line.indexOf("bci: ", at) < 0) {
        int digits = at;
        while (digits < line.length() && Character.isDigit(line.charAt(digits))) {
          digits++;
        }
        // "5 invokevirtual ..." and not a profile's own numbered lines ("1: stack(4) unknown").
        if (digits < line.length() && line.charAt(digits) == ' ') {
          final int end = line.indexOf(' ', digits + 1);
          method.instruction(Integer.parseInt(line, at, digits, 10), line.substring(digits + 1,
              end < 0 ? line.length() : end), end < 0 ? "" : line.substring(end));
        }
        return;
      }
      final Matcher jump = JUMP.matcher(line);
      if (jump.matches()) {
        method.taken(Integer.parseInt(jump.group(1)), Long.parseLong(jump.group(2)));
      }
    } else if (line.startsWith("not taken(", at)) {
      final Matcher notTaken = NOT_TAKEN.matcher(line);
      if (notTaken.matches()) {
        method.notTaken(Long.parseLong(notTaken.group(1)));
      }
    } else if (line.startsWith("interpreter_invocation_count:", at) || line.startsWith("invocation_counter:", at)) {
      final Matcher count = COUNT.matcher(line);
      if (count.matches()) {
        runs.merge(method.name, Long.parseLong(count.group(1)), Math::max);
      }
    }
  }

  /** The index of the line's first character that is not a space. */
  private static int indent(final String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i;
  }

  /** The jumps of the method being read, from its instructions and the profile printed under each. */
  private static final class MethodJumps {
    private String name;
    private final List<Long> triples = new ArrayList<>();
    /** The last instruction: its offset, and its target when it is a jump. */
    private int at = -1;
    private int target = -1;
    /** A conditional jump's not-taken count, whose target is the next instruction's offset. */
    private int notTakenFrom = -1;
    private long notTaken;

    void start(final String method) {
      name = method;
      triples.clear();
      at = -1;
      target = -1;
      notTakenFrom = -1;
    }

    void instruction(final int bci, final String opcode, final String rest) {
      if (notTakenFrom >= 0) {
        add(notTakenFrom, bci, notTaken);
        notTakenFrom = -1;
      }
      at = bci;
      target = -1;
      if (opcode.startsWith("if") || opcode.startsWith("goto")) {
        final Matcher to = TARGET.matcher(rest);
        target = to.matches() ? Integer.parseInt(to.group(1)) : -1;
      }
    }

    void taken(final int bci, final long times) {
      if (bci == at && target >= 0) {
        add(bci, target, times);
      }
    }

    void notTaken(final long times) {
      if (target >= 0 && at >= 0) {
        notTakenFrom = at;
        notTaken = times;
      }
    }

    private void add(final int from, final int to, final long times) {
      triples.add((long) from);
      triples.add((long) to);
      triples.add(times);
    }

    void end(final Map<String, long[]> jumps) {
      if (name != null && !triples.isEmpty()) {
        jumps.put(name, triples.stream().mapToLong(Long::longValue).toArray());
      }
      name = null;
      triples.clear();
    }
  }

  /** The log is XML: its text section escapes {@code <init>} and {@code &}. */
  private static String unescape(final String line) {
    return line.indexOf('&') < 0 ? line : line.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&apos;", "'").replace("&amp;", "&");
  }
}
