package dev.jdtrace.analysis;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.Writer;

/**
 * The {@code chrome} export: the Chrome trace-event JSON object format, which {@code chrome://tracing},
 * Perfetto and speedscope open. Each thread is a {@code tid} (1, 2, ... in trace order, named by a
 * {@code thread_name} metadata event) of {@code pid} 1; each reconstructed call is a {@code B}/{@code E}
 * pair named {@code Class.method} with block ordinals as {@code ts}. Calls come from
 * {@link CallTracker} (exact; guessed in a version 2 trace).
 */
public final class ChromeExport implements CallListener {
  private final JsonGenerator json;
  private Labels labels;
  private int tid;

  private ChromeExport(final Writer out) {
    json = Json.on(out);
  }

  /** A visitor writing the trace events of the trace it reads to {@code out}. */
  public static TraceVisitor to(final Writer out) {
    return new CallTracker(new ChromeExport(out));
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    labels = new Labels(d);
    Json.write(() -> {
      json.writeStartObject();
      json.writeStringField("displayTimeUnit", "ns");
      json.writeObjectFieldStart("otherData");
      json.writeStringField("exporter", "jdtrace");
      json.writeStringField("ts", "block ordinal");
      json.writeEndObject();
      json.writeArrayFieldStart("traceEvents");
      metadata("process_name", 0, "jdtrace");
    });
  }

  @Override
  public void threadStart(final String thread) {
    tid++;
    Json.write(() -> metadata("thread_name", tid, thread));
  }

  @Override
  public void enter(final int method, final long ordinal, final int depth) {
    Json.write(() -> {
      json.writeStartObject();
      json.writeStringField("name", labels.method(method));
      json.writeStringField("cat", "jdtrace");
      json.writeStringField("ph", "B");
      json.writeNumberField("ts", ordinal);
      json.writeNumberField("pid", 1);
      json.writeNumberField("tid", tid);
      json.writeObjectFieldStart("args");
      json.writeStringField("method", labels.signature(method));
      json.writeStringField("source", labels.place(method, labels.firstLine(method)));
      json.writeEndObject();
      json.writeEndObject();
    });
  }

  @Override
  public void exit(final int method, final long ordinal, final int depth) {
    Json.write(() -> {
      json.writeStartObject();
      json.writeStringField("name", labels.method(method));
      json.writeStringField("cat", "jdtrace");
      json.writeStringField("ph", "E");
      json.writeNumberField("ts", ordinal);
      json.writeNumberField("pid", 1);
      json.writeNumberField("tid", tid);
      json.writeEndObject();
    });
  }

  @Override
  public void block(final int block, final long ordinal, final int depth) {
  }

  @Override
  public void end() {
    Json.endDocument(json);
  }

  private void metadata(final String name, final int thread, final String value) throws java.io.IOException {
    json.writeStartObject();
    json.writeStringField("name", name);
    json.writeStringField("ph", "M");
    json.writeNumberField("pid", 1);
    json.writeNumberField("tid", thread);
    json.writeObjectFieldStart("args");
    json.writeStringField("name", value);
    json.writeEndObject();
    json.writeEndObject();
  }
}
