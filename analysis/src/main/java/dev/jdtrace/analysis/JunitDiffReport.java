package dev.jdtrace.analysis;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * {@code diff --format junit}: one {@code <testsuite>} in the Surefire report schema
 * ({@code surefire-test-report.xsd}), with one {@code <testcase>} per thread: a thread whose paths are equal
 * passes; a differing thread fails with its first divergence as the message and the text report's account
 * as the body; a thread in only one trace fails too. CI servers that read Surefire reports (Jenkins,
 * GitLab, GitHub test reporters) then list the threads. Not thread-safe.
 */
final class JunitDiffReport implements DiffView {
  /** The suite name and every test case's class name. */
  static final String SUITE = "jdtrace.diff";

  private record Case(String thread, String message, String type, String body) {
  }

  private final PrintWriter out;
  private final Labels labelsA;
  private final Labels labelsB;
  private final String a;
  private final String b;
  private final List<Case> cases = new ArrayList<>();

  /** {@code a} and {@code b} name the traces in the suite's properties. */
  JunitDiffReport(final PrintWriter out, final Labels labelsA, final Labels labelsB, final String a, final String b) {
    this.out = out;
    this.labelsA = labelsA;
    this.labelsB = labelsB;
    this.a = a;
    this.b = b;
  }

  @Override
  public void same(final String thread, final long entries) {
    cases.add(new Case(thread, null, null, null));
  }

  @Override
  public void thread(final String name, final ThreadDiff.Result result) {
    final FirstDivergence d = FirstDivergence.of(name, result, labelsA, labelsB);
    cases.add(new Case(name, d.headline(), "jdtrace.PathDivergence", d.detail()));
  }

  @Override
  public void summary(final int compared, final long entries, final List<String> onlyA, final List<String> onlyB) {
    onlyA.forEach(t -> cases.add(new Case(t, "thread " + t + " is only in A", "jdtrace.MissingThread",
        "B has no thread named " + t)));
    onlyB.forEach(t -> cases.add(new Case(t, "thread " + t + " is only in B", "jdtrace.ExtraThread",
        "A has no thread named " + t)));
    try {
      final XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuite");
      x.writeAttribute("name", SUITE);
      x.writeAttribute("time", "0");
      x.writeAttribute("tests", Integer.toString(cases.size()));
      x.writeAttribute("errors", "0");
      x.writeAttribute("skipped", "0");
      x.writeAttribute("failures", Long.toString(cases.stream().filter(c -> c.message() != null).count()));
      x.writeCharacters("\n  ");
      x.writeStartElement("properties");
      property(x, "a", a);
      property(x, "b", b);
      x.writeCharacters("\n  ");
      x.writeEndElement();
      for (final Case c : cases) {
        x.writeCharacters("\n  ");
        x.writeStartElement("testcase");
        x.writeAttribute("name", xml(c.thread()));
        x.writeAttribute("classname", SUITE);
        x.writeAttribute("time", "0");
        if (c.message() != null) {
          x.writeCharacters("\n    ");
          x.writeStartElement("failure");
          x.writeAttribute("message", xml(c.message()));
          x.writeAttribute("type", c.type());
          x.writeCharacters(xml(c.body()));
          x.writeEndElement();
          x.writeCharacters("\n  ");
        }
        x.writeEndElement();
      }
      x.writeCharacters("\n");
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.flush();
    } catch (final XMLStreamException e) {
      throw new IllegalStateException("cannot write the JUnit report: " + e.getMessage(), e);
    }
  }

  private static void property(final XMLStreamWriter x, final String name, final String value)
      throws XMLStreamException {
    x.writeCharacters("\n    ");
    x.writeEmptyElement("property");
    x.writeAttribute("name", name);
    x.writeAttribute("value", xml(value));
  }

  /** Replaces characters XML 1.0 cannot hold (thread names may have any), so the report always parses. */
  static String xml(final String s) {
    final StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(c -> b.appendCodePoint(c == 0x9 || c == 0xA || c == 0xD || c >= 0x20 && c <= 0xD7FF
        || c >= 0xE000 && c <= 0xFFFD || c >= 0x10000 && c <= 0x10FFFF ? c : '?'));
    return b.toString();
  }
}
