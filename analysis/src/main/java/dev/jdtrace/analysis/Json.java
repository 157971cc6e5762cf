package dev.jdtrace.analysis;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/** Streaming JSON output for the exports: a generator that leaves its writer open, and unchecked writes. */
final class Json {
  private Json() {
  }

  /** A generator on {@code out} that flushes but never closes it. */
  static JsonGenerator on(final Writer out) {
    try {
      return new JsonFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Runs a write, rethrowing its {@link IOException} unchecked. */
  static void write(final Io io) {
    try {
      io.run();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A write that may fail. */
  interface Io {
    void run() throws IOException;
  }

  /** Closes the top-level array and object of a document and ends it with a newline. */
  static void endDocument(final JsonGenerator json) {
    write(() -> {
      json.writeEndArray();
      json.writeEndObject();
      json.writeRaw('\n');
      json.flush();
    });
  }
}
