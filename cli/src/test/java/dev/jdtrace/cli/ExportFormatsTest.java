package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.programs.Catalog;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every export format on the trace of every bundled program, each read back with a real parser (Jackson,
 * Commons CSV) and checked against its format's rules and against the exact {@code blocks} export.
 */
class ExportFormatsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  static Stream<String> programs() {
    return Catalog.DETERMINISTIC.stream();
  }

  private Path export(final String program, final String format) {
    final Path out = dir.resolve(format);
    final Cli.Outcome r = Cli.execute("export", Traced.trace(program).toString(), "--format", format, "-o",
        out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    return out;
  }

  /** The exact blocks export, grouped by thread in trace order. */
  private Map<String, List<String>> blocks(final String program) throws Exception {
    final Map<String, List<String>> threads = new LinkedHashMap<>();
    for (final String line : Files.readAllLines(export(program, "blocks"))) {
      final int tab = line.indexOf('\t');
      threads.computeIfAbsent(line.substring(0, tab), k -> new ArrayList<>()).add(line.substring(tab + 1));
    }
    return threads;
  }

  @ParameterizedTest
  @MethodSource("programs")
  void jsonIsTheWholeTrace(final String program) throws Exception {
    final JsonNode root = JSON.readTree(export(program, "json").toFile());
    assertThat(root.get("format").asText()).isEqualTo("jdtrace");
    assertThat(root.get("version").asInt()).isEqualTo(1);
    final Map<String, List<String>> expected = blocks(program);
    final Map<String, List<String>> actual = new LinkedHashMap<>();
    for (final JsonNode thread : root.get("threads")) {
      final List<String> lines = new ArrayList<>();
      for (final JsonNode id : thread.get("blocks")) {
        final JsonNode block = root.get("blocks").get(id.asInt());
        final JsonNode method = root.get("methods").get(block.get("method").asInt());
        final JsonNode cls = root.get("classes").get(method.get("class").asInt());
        assertThat(block.get("lines").isArray()).isTrue();
        lines.add(cls.get("name").asText() + "\t" + method.get("name").asText() + method.get("descriptor").asText()
            + "\t" + block.get("startBci").asInt() + "\t" + block.get("endBci").asInt());
      }
      assertThat(thread.get("count").asLong()).isEqualTo(lines.size());
      actual.put(thread.get("name").asText(), lines);
    }
    assertThat(actual).isEqualTo(expected);
  }

  @ParameterizedTest
  @MethodSource("programs")
  void speedscopeFollowsTheEventedProfileSchema(final String program) throws Exception {
    final JsonNode root = JSON.readTree(export(program, "speedscope").toFile());
    assertThat(root.get("$schema").asText()).isEqualTo("https://www.speedscope.app/file-format-schema.json");
    assertThat(root.get("version").isTextual()).isTrue();
    final JsonNode frames = root.get("shared").get("frames");
    assertThat(frames.isArray()).isTrue();
    for (final JsonNode frame : frames) {
      assertThat(frame.get("name").isTextual()).isTrue();
      assertThat(frame.path("file").isMissingNode() || frame.get("file").isTextual()).isTrue();
      assertThat(frame.path("line").isMissingNode() || frame.get("line").isInt()).isTrue();
    }
    final Map<String, List<String>> expected = blocks(program);
    final Map<String, Long> lengths = new LinkedHashMap<>();
    for (final JsonNode profile : root.get("profiles")) {
      assertThat(profile.get("type").asText()).isEqualTo("evented");
      assertThat(profile.get("unit").asText()).isIn("none", "nanoseconds", "microseconds", "milliseconds", "seconds",
          "bytes");
      assertThat(profile.get("startValue").isNumber()).isTrue();
      final long end = profile.get("endValue").asLong();
      assertThat(end).isGreaterThanOrEqualTo(profile.get("startValue").asLong());
      final Deque<Integer> open = new ArrayDeque<>();
      long at = profile.get("startValue").asLong();
      for (final JsonNode event : profile.get("events")) {
        final int frame = event.get("frame").asInt();
        assertThat(frame).isBetween(0, frames.size() - 1);
        assertThat(event.get("at").asLong()).isGreaterThanOrEqualTo(at).isLessThanOrEqualTo(end);
        at = event.get("at").asLong();
        if (event.get("type").asText().equals("O")) {
          open.push(frame);
        } else {
          assertThat(event.get("type").asText()).isEqualTo("C");
          assertThat(open.pop()).as("balanced close").isEqualTo(frame);
        }
      }
      assertThat(open).isEmpty();
      lengths.put(profile.get("name").asText(), end);
    }
    assertThat(lengths).isEqualTo(expected.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
        e -> (long) e.getValue().size(), (x, y) -> x, LinkedHashMap::new)));
  }

  @ParameterizedTest
  @MethodSource("programs")
  void chromeTraceEventsNestPerThread(final String program) throws Exception {
    final JsonNode root = JSON.readTree(export(program, "chrome").toFile());
    final Map<Integer, String> names = new HashMap<>();
    final Map<Integer, Deque<String>> open = new HashMap<>();
    final Map<Integer, Long> last = new HashMap<>();
    int calls = 0;
    for (final JsonNode event : root.get("traceEvents")) {
      final String ph = event.get("ph").asText();
      assertThat(event.get("pid").asInt()).isEqualTo(1);
      final int tid = event.get("tid").asInt();
      assertThat(event.get("name").isTextual()).isTrue();
      if (ph.equals("M")) {
        if (event.get("name").asText().equals("thread_name")) {
          names.put(tid, event.get("args").get("name").asText());
        }
        continue;
      }
      final long ts = event.get("ts").asLong();
      assertThat(ts).isGreaterThanOrEqualTo(last.getOrDefault(tid, 0L));
      last.put(tid, ts);
      assertThat(names).containsKey(tid);
      if (ph.equals("B")) {
        open.computeIfAbsent(tid, k -> new ArrayDeque<>()).push(event.get("name").asText());
        calls++;
      } else {
        assertThat(ph).isEqualTo("E");
        assertThat(open.get(tid).pop()).isEqualTo(event.get("name").asText());
      }
    }
    assertThat(open.values()).allMatch(Deque::isEmpty);
    assertThat(Set.copyOf(names.values())).isEqualTo(blocks(program).keySet());
    final long callEvents = Files.readAllLines(export(program, "calls")).stream().filter(l -> l.contains("\tcall\t"))
        .count();
    assertThat(calls).isEqualTo(callEvents);
  }

  @ParameterizedTest
  @MethodSource("programs")
  void callsAreBalancedPerThread(final String program) throws Exception {
    final Map<String, Deque<String>> stacks = new LinkedHashMap<>();
    for (final String line : Files.readAllLines(export(program, "calls"))) {
      final String[] f = line.split("\t");
      assertThat(f).hasSize(6);
      final Deque<String> stack = stacks.computeIfAbsent(f[0], k -> new ArrayDeque<>());
      final String method = f[4] + "." + f[5];
      if (f[2].equals("call")) {
        assertThat(Integer.parseInt(f[3])).isEqualTo(stack.size());
        stack.push(method);
      } else {
        assertThat(f[2]).isEqualTo("return");
        assertThat(stack.pop()).isEqualTo(method);
        assertThat(Integer.parseInt(f[3])).isEqualTo(stack.size());
      }
    }
    assertThat(stacks.values()).allMatch(Deque::isEmpty);
    assertThat(stacks.keySet()).isEqualTo(blocks(program).keySet());
  }

  @ParameterizedTest
  @MethodSource("programs")
  void foldedCountsAddUpToTheBlockEntries(final String program) throws Exception {
    long total = 0;
    final Set<String> stacks = new java.util.HashSet<>();
    for (final String line : Files.readAllLines(export(program, "folded"))) {
      final int space = line.lastIndexOf(' ');
      final String[] frames = line.substring(0, space).split(";");
      assertThat(frames).allMatch(f -> !f.isEmpty() && f.startsWith("dev.jdtrace.programs."));
      final long count = Long.parseLong(line.substring(space + 1));
      assertThat(count).isPositive();
      stacks.add(line.substring(0, space));
      total += count;
    }
    assertThat(total).isEqualTo(blocks(program).values().stream().mapToLong(List::size).sum());
    assertThat(stacks).anyMatch(s -> s.startsWith(program + ".main"));
  }

  @ParameterizedTest
  @MethodSource("programs")
  void coverageIsCsvOfMethodBlockAndLineHits(final String program) throws Exception {
    final Map<String, Long> expected = blocks(program).values().stream().flatMap(List::stream)
        .collect(Collectors.groupingBy(l -> l, Collectors.counting()));
    final Map<String, Long> blockHits = new HashMap<>();
    final Map<String, Long> maxBlockHitsPerMethod = new HashMap<>();
    final List<CSVRecord> lines = new ArrayList<>();
    long methodRows = 0;
    try (Reader in = Files.newBufferedReader(export(program, "coverage"), StandardCharsets.UTF_8);
        CSVParser csv = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
      assertThat(csv.getHeaderNames()).containsExactly("kind", "class", "method", "file", "line", "startBci", "endBci",
          "hits");
      for (final CSVRecord r : csv) {
        final long hits = Long.parseLong(r.get("hits"));
        final String method = r.get("class") + "\t" + r.get("method");
        switch (r.get("kind")) {
          case "method" -> methodRows++;
          case "block" -> {
            assertThat(blockHits.put(method + "\t" + r.get("startBci") + "\t" + r.get("endBci"), hits)).isNull();
            maxBlockHitsPerMethod.merge(method, hits, Math::max);
          }
          case "line" -> {
            assertThat(Integer.parseInt(r.get("line"))).isPositive();
            lines.add(r);
          }
          default -> throw new AssertionError("kind " + r.get("kind"));
        }
      }
    }
    assertThat(methodRows).isEqualTo(maxBlockHitsPerMethod.size());
    blockHits.values().removeIf(h -> h == 0);
    assertThat(blockHits).isEqualTo(expected);
    for (final CSVRecord line : lines) {
      assertThat(Long.parseLong(line.get("hits"))).isLessThanOrEqualTo(
          maxBlockHitsPerMethod.get(line.get("class") + "\t" + line.get("method")));
    }
  }
}
