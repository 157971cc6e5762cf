package dev.jdtrace.plan.icfg;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The answers {@link PureJdkBodies} found about one JDK, kept in jdtrace's cache: each plan builds the call
 * graph of the whole program, and without them a run again (its plan cached) read and proved the same JDK
 * methods each time (MathDriver: 0.23 s of a 0.6 s planning). The file is named by the JDK's identity and
 * this prover's version, so another JDK, another setting or a changed prover reads none of it.
 */
final class ProofStore {
  /** Changes whenever what a query answers may change. */
  private static final String VERSION = "jdtrace jdk proofs 1";

  private final Path file;
  private final Map<String, String> facts = new TreeMap<>();
  private boolean changed;

  private ProofStore(final Path file) {
    this.file = file;
  }

  /** The answers kept for this JDK in this directory (none when {@code cacheDir} is {@code null}). */
  static ProofStore of(final Path cacheDir, final String jdkIdentity) {
    final ProofStore store = new ProofStore(cacheDir == null ? null
        : cacheDir.resolve("jdk-proofs-" + JdkImage.digest((VERSION + "\n" + jdkIdentity).getBytes(StandardCharsets.UTF_8))));
    store.read();
    return store;
  }

  boolean answer(final String query, final BooleanSupplier compute) {
    return fact(query, () -> compute.getAsBoolean() ? "1" : "0").equals("1");
  }

  String fact(final String query, final Supplier<String> compute) {
    final String known = facts.get(query);
    if (known != null) {
      return known;
    }
    final String found = compute.get();
    facts.put(query, found);
    changed = true;
    return found;
  }

  /** Writes every answer, when some are new (atomically: another process may read it meanwhile). */
  void save() {
    if (file == null || !changed) {
      return;
    }
    final StringBuilder text = new StringBuilder(VERSION).append('\n');
    facts.forEach((q, a) -> text.append(q).append('\t').append(a).append('\n'));
    changed = !JdkImage.writeAtomically(file, text);
  }

  private void read() {
    if (file == null || !Files.isRegularFile(file)) {
      return;
    }
    try {
      final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      if (lines.isEmpty() || !lines.get(0).equals(VERSION)) {
        return;
      }
      for (final String line : lines.subList(1, lines.size())) {
        final int tab = line.indexOf('\t');
        if (tab > 0) {
          facts.put(line.substring(0, tab), line.substring(tab + 1));
        }
      }
    } catch (final IOException e) {
      facts.clear(); // Proved again.
    }
  }

}
