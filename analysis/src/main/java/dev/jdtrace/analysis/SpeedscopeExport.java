package dev.jdtrace.analysis;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.Writer;

/**
 * The {@code speedscope} export: the evented profile format of
 * {@code https://www.speedscope.app/file-format-schema.json}. There is one frame per method of the
 * dictionary (frame index = method index) and one evented profile per thread, with block ordinals as
 * time ({@code unit} {@code none}): a frame opens at its first block entry and closes at the entry
 * after its last. Calls come from {@link CallTracker} (exact; guessed in a version 2 trace).
 */
public final class SpeedscopeExport implements CallListener {
  private final JsonGenerator json;
  private final String name;

  private SpeedscopeExport(final Writer out, final String name) {
    json = Json.on(out);
    this.name = name;
  }

  /** A visitor writing the profile of the trace it reads to {@code out}; {@code name} names the file. */
  public static TraceVisitor to(final Writer out, final String name) {
    return new CallTracker(new SpeedscopeExport(out, name));
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    final Labels labels = new Labels(d);
    Json.write(() -> {
      json.writeStartObject();
      json.writeStringField("$schema", "https://www.speedscope.app/file-format-schema.json");
      json.writeStringField("version", "0.0.1");
      json.writeStringField("name", name);
      json.writeStringField("exporter", "jdtrace");
      json.writeNumberField("activeProfileIndex", 0);
      json.writeObjectFieldStart("shared");
      json.writeArrayFieldStart("frames");
      for (int m = 0; m < d.methods().size(); m++) {
        json.writeStartObject();
        json.writeStringField("name", labels.method(m));
        if (!labels.file(m).isEmpty()) {
          json.writeStringField("file", labels.file(m));
        }
        if (labels.firstLine(m) > 0) {
          json.writeNumberField("line", labels.firstLine(m));
        }
        json.writeEndObject();
      }
      json.writeEndArray();
      json.writeEndObject();
      json.writeArrayFieldStart("profiles");
    });
  }

  @Override
  public void threadStart(final String thread) {
    Json.write(() -> {
      json.writeStartObject();
      json.writeStringField("type", "evented");
      json.writeStringField("name", thread);
      json.writeStringField("unit", "none");
      json.writeNumberField("startValue", 0);
      json.writeArrayFieldStart("events");
    });
  }

  @Override
  public void enter(final int method, final long ordinal, final int depth) {
    event("O", method, ordinal);
  }

  @Override
  public void exit(final int method, final long ordinal, final int depth) {
    event("C", method, ordinal);
  }

  @Override
  public void block(final int block, final long ordinal, final int depth) {
  }

  @Override
  public void threadEnd(final long blocks) {
    Json.write(() -> {
      json.writeEndArray();
      json.writeNumberField("endValue", blocks);
      json.writeEndObject();
    });
  }

  @Override
  public void end() {
    Json.endDocument(json);
  }

  private void event(final String type, final int method, final long at) {
    Json.write(() -> {
      json.writeStartObject();
      json.writeStringField("type", type);
      json.writeNumberField("frame", method);
      json.writeNumberField("at", at);
      json.writeEndObject();
    });
  }
}
