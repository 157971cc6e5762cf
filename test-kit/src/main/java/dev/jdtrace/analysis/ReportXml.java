package dev.jdtrace.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The HTML report read back for tests. The page is written as well-formed markup, so a strict XML parser
 * reads it; a page that is not well-formed fails {@link #parse}. Unfolding a thread's tree by its counts
 * gives the block ids it shows, in order.
 */
public final class ReportXml {
  private final Document doc;
  private final JsonNode data;

  private ReportXml(final Document doc, final JsonNode data) {
    this.doc = doc;
    this.data = data;
  }

  /** Parses a page, failing when it is not well-formed or its data is not JSON. */
  public static ReportXml parse(final String html) throws Exception {
    final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    final DocumentBuilder builder = factory.newDocumentBuilder();
    builder.setErrorHandler(null);
    final Document doc = builder.parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    Element script = null;
    for (final Element e : elements(doc.getDocumentElement(), "script")) {
      if ("jdtrace-data".equals(e.getAttribute("id"))) {
        script = e;
      }
    }
    if (script == null) {
      throw new AssertionError("no jdtrace-data script");
    }
    return new ReportXml(doc, new ObjectMapper().readTree(script.getTextContent()));
  }

  /** The embedded dictionary: classes [name, file, source], methods [class, name, descriptor, line], blocks. */
  public JsonNode data() {
    return data;
  }

  /** Elements named {@code tag} with {@code cls} among their classes, in document order. */
  public List<Element> all(final String tag, final String cls) {
    return elements(doc.getDocumentElement(), tag).stream().filter(e -> hasClass(e, cls)).toList();
  }

  /** The element with this id, or null. */
  public Element byId(final String id) {
    for (final Element e : elements(doc.getDocumentElement(), "*")) {
      if (id.equals(e.getAttribute("id"))) {
        return e;
      }
    }
    return null;
  }

  /** A block as a blocks-export line without the thread: class, method+descriptor, start, end. */
  public String blockLine(final int id) {
    final JsonNode b = data.get("blocks").get(id);
    return method(b.get(0).asInt()) + "\t" + b.get(1).asInt() + "\t" + b.get(2).asInt();
  }

  /** A method as class TAB name+descriptor. */
  public String method(final int m) {
    final JsonNode method = data.get("methods").get(m);
    return data.get("classes").get(method.get(0).asInt()).get(0).asText() + "\t" + method.get(1).asText()
        + method.get(2).asText();
  }

  /** What a thread section shows. */
  public record Shown(List<Integer> blocks, boolean truncated, List<String> misplaced) {
  }

  /** Unfolds a thread section's tree; blocks shown in a call of another method are listed as misplaced. */
  public Shown unfold(final Element section) {
    final Element tree = child(section, "div", "tree");
    final Shown shown = new Shown(new ArrayList<>(), false, new ArrayList<>());
    final boolean truncated = unfold(tree, -1, shown);
    return new Shown(shown.blocks(), truncated, shown.misplaced());
  }

  private boolean unfold(final Element container, final int method, final Shown out) {
    for (Node n = container.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (!(n instanceof Element e)) {
        continue;
      }
      if (hasClass(e, "truncated")) {
        return true;
      }
      final long times = Long.parseLong(e.getAttribute("data-n"));
      if (hasClass(e, "run")) {
        for (long i = 0; i < times; i++) {
          for (final String id : e.getAttribute("data-b").split(" ")) {
            final int block = Integer.parseInt(id);
            out.blocks().add(block);
            if (i == 0 && data.get("blocks").get(block).get(0).asInt() != method) {
              out.misplaced().add("block " + block + " in a call of method " + method);
            }
          }
        }
      } else {
        final int inner = hasClass(e, "call") ? Integer.parseInt(e.getAttribute("data-m")) : method;
        final Element body = child(e, "div", "body");
        for (long i = 0; i < times; i++) {
          if (unfold(body, inner, out)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The first child element named {@code tag} with class {@code cls}. */
  public static Element child(final Element parent, final String tag, final String cls) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(tag) && hasClass(e, cls)) {
        return e;
      }
    }
    throw new AssertionError("no " + tag + "." + cls + " in " + parent.getTagName() + " " + parent.getAttribute("id"));
  }

  /** Whether an element has a class. */
  public static boolean hasClass(final Element e, final String cls) {
    return List.of(e.getAttribute("class").split(" ")).contains(cls);
  }

  private static List<Element> elements(final Element root, final String tag) {
    final NodeList list = root.getElementsByTagName(tag);
    final List<Element> result = new ArrayList<>();
    for (int i = 0; i < list.getLength(); i++) {
      result.add((Element) list.item(i));
    }
    return result;
  }
}
