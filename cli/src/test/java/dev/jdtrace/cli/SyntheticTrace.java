package dev.jdtrace.cli;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A trace file written by the real writer without running a program: long enough to fill pipes and disks. */
final class SyntheticTrace {
  private SyntheticTrace() {
  }

  /** A trace with one thread of {@code entries} block entries over three blocks. */
  static Path write(final Path file, final int entries) throws IOException {
    final TraceDictionary d = new TraceDictionary(List.of(new TraceDictionary.ClassEntry("a.Loop", "Loop.java")),
        List.of(new TraceDictionary.MethodEntry(0, "main", "([Ljava/lang/String;)V")),
        List.of(new TraceDictionary.BlockEntry(0, 0, 4, List.of(3), BlockEnd.FALLTHROUGH, List.of(), List.of()),
            new TraceDictionary.BlockEntry(0, 5, 9, List.of(4), BlockEnd.FALLTHROUGH, List.of(), List.of()),
            new TraceDictionary.BlockEntry(0, 10, 12, List.of(5), BlockEnd.GOTO, List.of(), List.of())));
    try (OutputStream out = Files.newOutputStream(file); TraceWriter w = new TraceWriter(out)) {
      w.dictionary(d);
      w.thread("main");
      for (int i = 0; i < entries; i++) {
        w.block(i % 3);
      }
      w.end();
    }
    return file;
  }
}
