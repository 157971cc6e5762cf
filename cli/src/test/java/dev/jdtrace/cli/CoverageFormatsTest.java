package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.cli.corners.CoverageCorners;
import dev.jdtrace.programs.Catalog;
import dev.jdtrace.programs.Loops;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The formats CI reads, checked against the real things: {@code jacoco} against JaCoCo's own agent and
 * report on the same deterministic programs, class by class and line by line, and against JaCoCo's
 * {@code report.dtd}; {@code cobertura} against {@code coverage-04.dtd}; {@code lcov} through
 * {@code genhtml}.
 */
class CoverageFormatsTest {
  /**
   * The lines where JaCoCo's definition differs from jdtrace's, and why (the README lists the same). Each
   * must still differ: a line that comes to agree is taken off.
   */
  static final Map<String, String> DIFFERENCES = Map.ofEntries(
      Map.entry("Switches.java:63", "string switch: JaCoCo's StringSwitchJavacFilter counts one branch per case"
          + " (5); jdtrace counts the bytecode's hashCode lookupswitch and equals ifs (17)"),
      Map.entry("StdinEcho.java:45", "string switch, as Switches.java:63 (JaCoCo 4 branches, jdtrace 14)"),
      Map.entry("Exceptions.java:97", "a switch case whose code throws (10 / 0) before JaCoCo's next probe:"
          + " JaCoCo counts that branch missed; the trace shows it taken"),
      Map.entry("Exceptions.java:128", "finally: JaCoCo's FinallyFilter merges the copies javac makes of a"
          + " finally block; jdtrace counts each copy (the exceptional copy never ran)"),
      Map.entry("Exceptions.java:129", "finally: the catch-any handler's rethrow, which JaCoCo's FinallyFilter"
          + " drops"),
      Map.entry("Exceptions.java:134", "try-with-resources: JaCoCo's TryWithResources filter drops the close"
          + " calls javac generates; jdtrace counts them"),
      Map.entry("Exceptions.java:137", "try-with-resources: the generated handler code on the catch line,"
          + " dropped by JaCoCo, counted by jdtrace"),
      Map.entry("Exceptions.java:207", "a call into traced code that throws (noHandler(5)): the trace shows the"
          + " call ran; JaCoCo's next probe is after the line, so it counts the whole line missed"),
      Map.entry("Sample.java:44", "a call into traced code that throws (average(new int[0])), as"
          + " Exceptions.java:207"));

  @TempDir
  Path dir;

  static Stream<String> programs() {
    return Catalog.DETERMINISTIC.stream();
  }

  private Path export(final String program, final String format) {
    final Path out = dir.resolve(program.substring(program.lastIndexOf('.') + 1) + "." + format);
    final Cli.Outcome r = Cli.execute("export", Traced.trace(program).toString(), "--format", format,
        "--classpath", Cli.PROGRAMS, "-o", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    return out;
  }

  @ParameterizedTest
  @MethodSource("programs")
  void jacocoEqualsJacocoItselfClassByClass(final String program) throws Exception {
    assertEqualToJacoco(Report.read(parse(export(program, "jacoco"), null)), Report.read(parse(jacoco(program),
        null)), program.substring(program.lastIndexOf('.') + 1));
  }

  /**
   * {@link CoverageCorners}: a branch after a class initialiser with branches of its own, an initialiser that
   * throws inside a block ending in a return, and {@code assert}, traced with the default options (the failing
   * initialiser decodes since issue 27's fix).
   */
  @Test
  void cornersEqualJacocoItself() throws Exception {
    final String main = CoverageCorners.class.getName();
    final Path classes = Path.of(CoverageCorners.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    final Path trace = dir.resolve("corners.trace");
    final Cli.Outcome run = Cli.execute("run", "--stdin", "/dev/null", "--include",
        "dev.jdtrace.cli.corners.*", "-o", trace.toString(), "--", Cli.JAVA, "-cp", classes.toString(), main);
    assertThat(run.exitCode()).as(run.err()).isZero();
    final Path ours = dir.resolve("corners.xml");
    final Cli.Outcome export = Cli.execute("export", trace.toString(), "--format", "jacoco", "--classpath",
        classes.toString(), "-o", ours.toString());
    assertThat(export.exitCode()).as(export.err()).isZero();
    final Path theirs = jacoco(dir, List.of("-cp", classes.toString(), main), Path.of("/dev/null"),
        "dev.jdtrace.cli.corners.*", List.of(classes.resolve("dev/jdtrace/cli/corners").toString()));
    assertEqualToJacoco(Report.read(parse(ours, null)), Report.read(parse(theirs, null)), "CoverageCorners");
  }

  private static void assertEqualToJacoco(final Report ours, final Report theirs, final String simple) {
    // The classes JaCoCo saw run are those that ran in the trace (which also holds classes loaded, not run).
    final Set<String> ran = new TreeSet<>();
    theirs.classes.forEach((name, c) -> {
      if (c.covered && (name.endsWith("/" + simple) || name.contains("/" + simple + "$"))) {
        ran.add(name);
      }
    });
    final Set<String> traced = new TreeSet<>();
    ours.classes.forEach((name, c) -> {
      if (c.covered) {
        traced.add(name);
      }
    });
    assertThat(traced).as("classes that ran").isEqualTo(ran);
    for (final String name : ours.classes.keySet()) {
      assertThat(ours.classes.get(name).methods).as("method counters of %s (missed/covered)", name)
          .isEqualTo(theirs.classes.get(name).methods);
    }
    final Set<String> differing = new TreeSet<>();
    for (final Map.Entry<String, Map<Integer, String>> file : ours.lines.entrySet()) {
      final Map<Integer, String> theirLines = theirs.lines.get(file.getKey());
      final Set<Integer> all = new TreeSet<>(file.getValue().keySet());
      all.addAll(theirLines.keySet());
      for (final int nr : all) {
        final String where = file.getKey().substring(file.getKey().lastIndexOf('/') + 1) + ":" + nr;
        final String mine = file.getValue().get(nr);
        final String jacoco = theirLines.get(nr);
        if (DIFFERENCES.containsKey(where)) {
          assertThat(mine).as("%s is listed as differing (%s) but agrees", where, DIFFERENCES.get(where))
              .isNotEqualTo(jacoco);
          differing.add(where);
        } else {
          assertThat(mine).as("line %s: mi ci mb cb, jdtrace against JaCoCo", where).isEqualTo(jacoco);
        }
      }
    }
    final Set<String> listed = new TreeSet<>();
    DIFFERENCES.keySet().stream().filter(k -> k.startsWith(simple + ".java:")).forEach(listed::add);
    assertThat(differing).as("listed differences of " + simple).isEqualTo(listed);
  }

  @ParameterizedTest
  @MethodSource("programs")
  void jacocoIsValidAgainstJacocosReportDtd(final String program) throws Exception {
    final Document doc = parse(export(program, "jacoco"), jacocoDtd());
    assertThat(doc.getDocumentElement().getTagName()).isEqualTo("report");
  }

  @ParameterizedTest
  @MethodSource("programs")
  void coberturaIsValidAgainstCoverage04Dtd(final String program) throws Exception {
    final byte[] dtd;
    try (InputStream in = CoverageFormatsTest.class.getResourceAsStream("coverage-04.dtd")) {
      dtd = in.readAllBytes();
    }
    final Document doc = parse(export(program, "cobertura"), dtd);
    final Element root = doc.getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("coverage");
    // Its totals agree with the jacoco export of the same trace.
    final Report jacoco = Report.read(parse(export(program, "jacoco"), null));
    assertThat(root.getAttribute("lines-covered") + "/" + root.getAttribute("lines-valid"))
        .isEqualTo(jacoco.total.get("LINE"));
    assertThat(root.getAttribute("branches-covered") + "/" + root.getAttribute("branches-valid"))
        .isEqualTo(jacoco.total.getOrDefault("BRANCH", "0/0"));
  }

  @ParameterizedTest
  @MethodSource("programs")
  void lcovRecordsAddUpAndAgreeWithJacoco(final String program) throws Exception {
    final List<String> lines = Files.readAllLines(export(program, "lcov"));
    final Report jacoco = Report.read(parse(export(program, "jacoco"), null));
    long found = 0;
    long hit = 0;
    long da = 0;
    long daHit = 0;
    for (final String line : lines) {
      assertThat(line).matches("TN:|SF:.+\\.java|FN:\\d+,.+|FNDA:\\d+,.+|FN[FH]:\\d+|BRDA:\\d+,\\d+,\\d+,(\\d+|-)"
          + "|BR[FH]:\\d+|DA:\\d+,\\d+|L[FH]:\\d+|end_of_record");
      if (line.startsWith("DA:")) {
        da++;
        daHit += line.endsWith(",0") ? 0 : 1;
      } else if (line.startsWith("LF:")) {
        found += Long.parseLong(line.substring(3));
      } else if (line.startsWith("LH:")) {
        hit += Long.parseLong(line.substring(3));
      }
    }
    assertThat(found).isEqualTo(da);
    assertThat(hit).isEqualTo(daHit);
    assertThat(hit + "/" + found).isEqualTo(jacoco.total.get("LINE"));
  }

  @Test
  void lcovPassesGenhtmlWithoutAWarning() throws Exception {
    RequiredTool.require(RequiredTool.onPath("genhtml"), "genhtml", "apt-get install lcov");
    final Path sources = sourceRoot();
    final List<String> files = new ArrayList<>();
    for (final String program : Catalog.DETERMINISTIC) {
      files.add(export(program, "lcov").toString());
    }
    final List<String> command = new ArrayList<>(List.of("genhtml", "--branch-coverage", "--function-coverage",
        "-o", dir.resolve("html").toString()));
    command.addAll(files);
    final Process p = new ProcessBuilder(command).directory(sources.toFile()).redirectErrorStream(true).start();
    final String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(output).isZero();
    assertThat(output.toLowerCase(java.util.Locale.ROOT)).as(output).doesNotContain("warning").doesNotContain("error");
    assertThat(dir.resolve("html/index.html")).exists();
    // genhtml drops the prefix all files share (dev/jdtrace/).
    assertThat(dir.resolve("html/programs/Loops.java.gcov.html")).exists();
  }

  @Test
  void theDtdCheckRefusesAReportTheDtdDoesNotAllow() throws Exception {
    final byte[] dtd;
    try (InputStream in = CoverageFormatsTest.class.getResourceAsStream("coverage-04.dtd")) {
      dtd = in.readAllBytes();
    }
    final Path bad = Files.writeString(dir.resolve("bad.xml"), "<?xml version=\"1.0\"?>\n<!DOCTYPE coverage SYSTEM"
        + " \"http://cobertura.sourceforge.net/xml/coverage-04.dtd\">\n<coverage line-rate=\"1\"><packages/></coverage>\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(bad, dtd)).isInstanceOf(SAXParseException.class)
        .hasMessageContaining("branch-rate");
  }

  @Test
  void countedFormatsNeedTheClasspath() {
    final Cli.Outcome r = Cli.execute("export", Traced.trace(Loops.class.getName()).toString(), "--format", "lcov");
    Cli.assertOneLine(r, Failures.JDTRACE, "--format lcov needs --classpath");
    assertThat(r.err().strip().lines()).hasSize(1);
  }

  @Test
  void aClasspathWithoutTheTracedClassesIsRefused() throws IOException {
    final Cli.Outcome r = Cli.execute("export", Traced.trace(Loops.class.getName()).toString(), "--format",
        "jacoco", "--classpath", Files.createDirectories(dir.resolve("empty")).toString());
    assertThat(r.exitCode()).as(r.err()).isNotZero();
    assertThat(r.err()).contains("class dev.jdtrace.programs.Loops of the trace is not on --classpath");
  }

  /** JaCoCo's XML for one run of a program under its agent, with the same standard input as the trace's. */
  private Path jacoco(final String program) throws Exception {
    final Path stdin = Files.writeString(dir.resolve("stdin"), Traced.STDIN);
    return jacoco(dir, List.of("-cp", Cli.PROGRAMS, program), stdin, null, List.of(Cli.PROGRAMS));
  }

  /**
   * JaCoCo's XML report of one run under its agent.
   *
   * @param javaArgs what follows {@code java -javaagent:...}
   * @param includes the agent's {@code includes} ({@code a.*:b.*}), or {@code null} for all
   * @param classfiles what the report analyses
   */
  static Path jacoco(final Path dir, final List<String> javaArgs, final Path stdin, final String includes,
      final List<String> classfiles) throws Exception {
    final Path exec = dir.resolve("jacoco.exec");
    Files.deleteIfExists(exec);
    final List<String> command = new ArrayList<>(List.of(Cli.JAVA, "-javaagent:" + jarOf("org/jacoco/agent/rt/RT.class")
        + "=destfile=" + exec + (includes == null ? "" : ",includes=" + includes)));
    command.addAll(javaArgs);
    run(command, stdin);
    final Path xml = dir.resolve("jacoco-itself.xml");
    final List<String> report = new ArrayList<>(List.of(Cli.JAVA, "-jar",
        jarOf("org/jacoco/cli/internal/report/xml/report.dtd").toString(), "report", exec.toString()));
    classfiles.forEach(c -> report.addAll(List.of("--classfiles", c)));
    report.addAll(List.of("--xml", xml.toString()));
    run(report, null);
    return xml;
  }

  private static void run(final List<String> command, final Path stdin) throws Exception {
    final ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
    if (stdin != null) {
      b.redirectInput(stdin.toFile());
    }
    final Process p = b.start();
    final String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(String.join(" ", command) + "\n" + output).isZero();
  }

  /** The jar of the test classpath holding a resource (JaCoCo's, a test dependency). */
  private static Path jarOf(final String resource) throws URISyntaxException {
    final URL url = CoverageFormatsTest.class.getClassLoader().getResource(resource);
    assertThat(url).as(resource + " on the test classpath").isNotNull();
    final String s = url.toString();
    return Path.of(new java.net.URI(s.substring("jar:".length(), s.indexOf("!/"))));
  }

  private static byte[] jacocoDtd() throws IOException {
    try (InputStream in = CoverageFormatsTest.class.getClassLoader()
        .getResourceAsStream("org/jacoco/cli/internal/report/xml/report.dtd")) {
      return in.readAllBytes();
    }
  }

  /** The test programs' sources: genhtml finds {@code SF:a/b/C.java} from there. */
  private static Path sourceRoot() {
    for (Path p = Path.of(Cli.PROGRAMS).toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("src/main/java/dev/jdtrace/programs"))) {
        return p.resolve("src/main/java");
      }
    }
    throw new IllegalStateException("no test-programs sources above " + Cli.PROGRAMS);
  }

  /**
   * Parses an XML file; with a DTD, validates against it (any error or warning fails), without one, reads the
   * document type as empty.
   */
  static Document parse(final Path file, final byte[] dtd) throws Exception {
    final DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setValidating(dtd != null);
    final DocumentBuilder b = f.newDocumentBuilder();
    b.setEntityResolver((publicId, systemId) -> new InputSource(new ByteArrayInputStream(dtd == null ? new byte[0]
        : dtd)));
    b.setErrorHandler(new DefaultHandler() {
      @Override
      public void warning(final SAXParseException e) throws SAXParseException {
        throw e;
      }

      @Override
      public void error(final SAXParseException e) throws SAXParseException {
        throw e;
      }
    });
    try (InputStream in = Files.newInputStream(file)) {
      return b.parse(in);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What the comparison reads from a JaCoCo XML report. */
  record Report(Map<String, ClassReport> classes, Map<String, Map<Integer, String>> lines,
      Map<String, String> total) {
    static Report read(final Document doc) {
      final Map<String, ClassReport> classes = new TreeMap<>();
      final Map<String, Map<Integer, String>> lines = new TreeMap<>();
      final NodeList packages = doc.getElementsByTagName("package");
      for (int p = 0; p < packages.getLength(); p++) {
        final Element pkg = (Element) packages.item(p);
        for (final Element c : children(pkg, "class")) {
          final Map<String, String> methods = new LinkedHashMap<>();
          for (final Element m : children(c, "method")) {
            methods.put(m.getAttribute("name") + m.getAttribute("desc"), counters(m).get("METHOD"));
          }
          // A class with no code left after JaCoCo's filters (a synthetic switch map) has no counters.
          classes.put(c.getAttribute("name"), new ClassReport(methods,
              counters(c).getOrDefault("CLASS", "0/0").startsWith("1")));
        }
        for (final Element s : children(pkg, "sourcefile")) {
          final Map<Integer, String> file = new TreeMap<>();
          for (final Element l : children(s, "line")) {
            file.put(Integer.parseInt(l.getAttribute("nr")), l.getAttribute("mi") + " " + l.getAttribute("ci") + " "
                + l.getAttribute("mb") + " " + l.getAttribute("cb"));
          }
          lines.put(pkg.getAttribute("name") + "/" + s.getAttribute("name"), file);
        }
      }
      return new Report(classes, lines, counters(doc.getDocumentElement()));
    }

    /** Counters as {@code covered/total}, by type. */
    private static Map<String, String> counters(final Element e) {
      final Map<String, String> m = new HashMap<>();
      for (final Element c : children(e, "counter")) {
        final long covered = Long.parseLong(c.getAttribute("covered"));
        m.put(c.getAttribute("type"), covered + "/" + (covered + Long.parseLong(c.getAttribute("missed"))));
      }
      return m;
    }

    private static List<Element> children(final Element parent, final String tag) {
      final List<Element> out = new ArrayList<>();
      for (int i = 0; i < parent.getChildNodes().getLength(); i++) {
        if (parent.getChildNodes().item(i) instanceof Element e && e.getTagName().equals(tag)) {
          out.add(e);
        }
      }
      return out;
    }
  }

  /**
   * One class: its methods' METHOD counters ({@code covered/total}) and whether it ran.
   */
  record ClassReport(Map<String, String> methods, boolean covered) {
  }
}
