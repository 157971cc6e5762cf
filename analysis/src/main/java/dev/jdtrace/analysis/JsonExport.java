package dev.jdtrace.analysis;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary.ClassEntry;
import dev.jdtrace.trace.TraceDictionary.MethodEntry;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * The {@code json} export: the whole trace for scripts, written as it is read.
 * <pre>
 * {"format": "jdtrace", "version": 1,
 *  "classes": [{"name": "a.B", "sourceFile": "B.java"}, ...],
 *  "methods": [{"class": 0, "name": "main", "descriptor": "([Ljava/lang/String;)V"}, ...],
 *  "blocks":  [{"method": 0, "startBci": 0, "endBci": 4, "lines": [3]}, ...],
 *  "threads": [{"name": "main", "blocks": [0, 1, 3, ...], "count": 3}, ...]}
 * </pre>
 * Indexes refer to positions in {@code classes}, {@code methods} and {@code blocks}; a thread's
 * {@code blocks} are its block entries in execution order.
 */
public final class JsonExport implements TraceVisitor {
  private final JsonGenerator json;
  private boolean inThread;
  private long count;

  /** Writes to {@code out}, which it flushes at the end but does not close. */
  public JsonExport(final Writer out) {
    json = Json.on(out);
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    try {
      json.writeStartObject();
      json.writeStringField("format", "jdtrace");
      json.writeNumberField("version", 1);
      json.writeArrayFieldStart("classes");
      for (final ClassEntry c : d.classes()) {
        json.writeStartObject();
        json.writeStringField("name", c.name());
        json.writeStringField("sourceFile", c.sourceFile());
        json.writeEndObject();
      }
      json.writeEndArray();
      json.writeArrayFieldStart("methods");
      for (final MethodEntry m : d.methods()) {
        json.writeStartObject();
        json.writeNumberField("class", m.classIndex());
        json.writeStringField("name", m.name());
        json.writeStringField("descriptor", m.descriptor());
        json.writeEndObject();
      }
      json.writeEndArray();
      json.writeArrayFieldStart("blocks");
      for (final BlockEntry b : d.blocks()) {
        json.writeStartObject();
        json.writeNumberField("method", b.methodIndex());
        json.writeNumberField("startBci", b.startBci());
        json.writeNumberField("endBci", b.endBci());
        json.writeArrayFieldStart("lines");
        for (final int line : b.lines()) {
          json.writeNumber(line);
        }
        json.writeEndArray();
        json.writeEndObject();
      }
      json.writeEndArray();
      json.writeArrayFieldStart("threads");
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void thread(final String name) {
    try {
      endThread();
      json.writeStartObject();
      json.writeStringField("name", name);
      json.writeArrayFieldStart("blocks");
      inThread = true;
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void block(final int block) {
    try {
      json.writeNumber(block);
      count++;
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void end() {
    try {
      endThread();
      json.writeEndArray();
      json.writeEndObject();
      json.writeRaw('\n');
      json.flush();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void endThread() throws IOException {
    if (inThread) {
      json.writeEndArray();
      json.writeNumberField("count", count);
      json.writeEndObject();
      inThread = false;
      count = 0;
    }
  }
}
