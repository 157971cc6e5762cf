package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.analysis.HandTraces;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * {@code diff --format junit} and {@code --format github}, each read back by a real parser: the JUnit XML
 * is validated by the JDK's XML parser against Surefire's own schema ({@code surefire-test-report.xsd}, from
 * Surefire's source release), the workflow commands are parsed in Node as the Actions runner parses them and
 * written back by {@code @actions/core}, GitHub's toolkit, which must give the same bytes. Exit codes stay
 * those of the text form.
 */
class DiffFormatsTest {
  /** Where .ci/install-test-deps puts the Node modules the annotation test needs. */
  static final Path NODE_MODULES = Path.of(System.getenv().getOrDefault("JDTRACE_NODE_MODULES",
      "/opt/jdtrace-test-deps/node_modules"));

  @TempDir
  Path dir;

  /** main: blocks 0 1 with a call of f (3 4 5) in between, n times. */
  private static int[] calls(final int n) {
    return IntStream.range(0, n).flatMap(i -> IntStream.of(0, 3, 4, 5, 1)).toArray();
  }

  /** A: main and worker-1. B: main takes block 2 (line 3) instead of f's block 4 (line 11) at entry 27; only-b. */
  private Path[] traces() {
    final Map<String, int[]> a = new LinkedHashMap<>(HandTraces.main(calls(20)));
    a.put("worker-1", new int[] {3, 4, 5});
    final int[] changed = calls(20);
    changed[27] = 2;
    final Map<String, int[]> b = new LinkedHashMap<>(HandTraces.main(changed));
    b.put("worker-1", new int[] {3, 4, 5});
    b.put("only-b", new int[] {3, 5});
    return new Path[] {HandTraces.write(dir.resolve("a.trace"), HandTraces.standard(), a),
        HandTraces.write(dir.resolve("b.trace"), HandTraces.standard(), b)};
  }

  private static Path surefireSchema() throws Exception {
    try (Stream<Path> files = Files.walk(Path.of("target", "surefire-schema"))) {
      return files.filter(f -> f.getFileName().toString().equals("surefire-test-report.xsd")).findFirst()
          .orElseThrow(() -> new AssertionError("the build unpacks surefire-test-report.xsd into target"));
    }
  }

  /** Validates against Surefire's schema, then parses. */
  private static Document junit(final String xml) throws Exception {
    SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(surefireSchema().toFile())
        .newValidator().validate(new StreamSource(new StringReader(xml)));
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
  }

  @Test
  void junitHasOneTestCasePerThreadAndTheFirstDivergenceAsTheFailure() throws Exception {
    final Path[] t = traces();
    final Cli.Outcome r = Cli.execute("diff", t[0].toString(), t[1].toString(), "--format", "junit");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    final Element suite = junit(r.out()).getDocumentElement();
    assertThat(suite.getAttribute("tests")).isEqualTo("3");
    assertThat(suite.getAttribute("failures")).isEqualTo("2");
    final NodeList cases = suite.getElementsByTagName("testcase");
    final Map<String, Element> byName = new LinkedHashMap<>();
    for (int i = 0; i < cases.getLength(); i++) {
      byName.put(((Element) cases.item(i)).getAttribute("name"), (Element) cases.item(i));
    }
    assertThat(byName.keySet()).containsExactly("main", "worker-1", "only-b");
    assertThat(byName.get("worker-1").getElementsByTagName("failure").getLength()).isZero();
    final Element failure = (Element) byName.get("main").getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("message")).isEqualTo("thread main: first difference at entry #27 of A and #27 "
        + "of B: A goes to t.C.f (C.java:11) bci 5-5, B to t.C.main (C.java:3) bci 10-10");
    assertThat(failure.getTextContent()).contains("call stack:").contains("at t.C.main(C.java:3)");
    assertThat(((Element) byName.get("only-b").getElementsByTagName("failure").item(0)).getAttribute("message"))
        .isEqualTo("thread only-b is only in B");
  }

  @Test
  void junitOfEqualTracesPassesEveryThreadAndExitsZero() throws Exception {
    final Path[] t = traces();
    final Cli.Outcome r = Cli.execute("diff", t[0].toString(), t[0].toString(), "--format", "junit");
    assertThat(r.exitCode()).as(r.err()).isZero();
    final Element suite = junit(r.out()).getDocumentElement();
    assertThat(suite.getAttribute("tests")).isEqualTo("2");
    assertThat(suite.getAttribute("failures")).isEqualTo("0");
  }

  /** Runs the Node parser over jdtrace's output: one parsed command per line. */
  private static List<JsonNode> parseWorkflowCommands(final String output) throws Exception {
    RequiredTool.require(RequiredTool.onPath("node"), "node", "apt-get install nodejs");
    RequiredTool.require(Files.isDirectory(NODE_MODULES.resolve("@actions/core")), "@actions/core in " + NODE_MODULES,
        "npm install --prefix " + NODE_MODULES.getParent() + " @actions/core@1");
    final Path script = Path.of(DiffFormatsTest.class.getResource("workflow-commands.js").toURI());
    final ProcessBuilder pb = new ProcessBuilder("node", script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT);
    pb.environment().put("NODE_PATH", NODE_MODULES.toString());
    final Process p = pb.start();
    try (var in = p.getOutputStream()) {
      in.write(output.getBytes(StandardCharsets.UTF_8));
    }
    final String json = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).isZero();
    final List<JsonNode> commands = new ArrayList<>();
    for (final String line : json.split("\n")) {
      commands.add(new ObjectMapper().readTree(line));
    }
    final List<String> lines = output.lines().toList();
    assertThat(commands).hasSameSizeAs(lines);
    for (int i = 0; i < lines.size(); i++) {
      assertThat(commands.get(i).get("command").isNull()).as("a workflow command: " + lines.get(i)).isFalse();
      assertThat(commands.get(i).get("reissued").asText()).as("@actions/core writes it the same").isEqualTo(lines.get(i));
    }
    return commands;
  }

  @Test
  void githubAnnotatesTheSourceLineOfTheFirstDivergence() throws Exception {
    final Path[] t = traces();
    final Path sources = Files.createDirectories(dir.resolve("src/t"));
    Files.writeString(sources.resolve("C.java"), "class C {}\n");
    final Cli.Outcome r = Cli.execute("diff", t[0].toString(), t[1].toString(), "--format", "github",
        "--sources", dir.resolve("src").toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    final List<JsonNode> commands = parseWorkflowCommands(r.out());
    assertThat(commands).hasSize(2);
    final JsonNode main = commands.get(0);
    assertThat(main.get("command").asText()).isEqualTo("error");
    assertThat(main.get("properties").get("title").asText()).isEqualTo("jdtrace diff: thread main");
    assertThat(Path.of(main.get("properties").get("file").asText()).toAbsolutePath().normalize())
        .isEqualTo(sources.resolve("C.java").toAbsolutePath().normalize());
    assertThat(main.get("properties").get("line").asText()).isEqualTo("3");
    assertThat(main.get("message").asText()).startsWith("thread main: first difference at entry #27 of A and #27 of B")
        .contains("\n  A:\n    #27  t.C.f (C.java:11) bci 5-5\n").contains("call stack:");
    assertThat(commands.get(1).get("properties").get("title").asText()).isEqualTo("jdtrace diff");
    assertThat(commands.get(1).get("message").asText()).isEqualTo("thread only-b is only in B");
  }

  @Test
  void githubOnRealTracesPointsIntoTheProgramsSourceAndEqualTracesGiveANotice() throws Exception {
    final String program = "dev.jdtrace.programs.StdinEcho";
    final Path a = Traced.trace(program);
    final Path other = Traced.record(program, "hello world\nJDI rocks\n\nbreakpoints\n", "echo-github");
    final Path sourceRoot = Path.of("..", "test-programs", "src", "main", "java");
    final Cli.Outcome r = Cli.execute("diff", a.toString(), other.toString(), "--format", "github", "--sources",
        sourceRoot.toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    final JsonNode error = parseWorkflowCommands(r.out()).get(0);
    final Path file = Path.of(error.get("properties").get("file").asText());
    assertThat(file.toAbsolutePath().normalize()).isEqualTo(
        sourceRoot.resolve("dev/jdtrace/programs/StdinEcho.java").toAbsolutePath().normalize());
    final int line = Integer.parseInt(error.get("properties").get("line").asText());
    assertThat(error.get("message").asText()).contains("(StdinEcho.java:" + line + ")");
    assertThat(Files.readAllLines(file).get(line - 1)).as("the annotated line holds code").isNotBlank();

    final Cli.Outcome same = Cli.execute("diff", a.toString(), a.toString(), "--format", "github");
    assertThat(same.exitCode()).isZero();
    final JsonNode notice = parseWorkflowCommands(same.out()).get(0);
    assertThat(notice.get("command").asText()).isEqualTo("notice");
    assertThat(notice.get("message").asText()).startsWith("the traces are equal: 1 thread, ");
  }
}
