package dev.jdtrace.tracer;

import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.UntracedCallers;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The entries untraced code makes into traced methods, which an open world's plan needs before it is made:
 * those learned by an earlier run (cached), or else every traced method. Learning them after a divergence is
 * {@link EntryLearning}'s.
 */
final class OpenWorldEntries {
  private OpenWorldEntries() {
  }

  /**
   * In an open world, the program with the entries untraced code makes into traced methods: those cached
   * from an earlier run that had to learn them, or else every method. An observing run to learn them
   * first cost more than the witnesses it saves on every program measured (MathDriver 4.5 s → 3.5 s,
   * GsonDriver 16: 17.0 s → 13.1 s, JacksonDriver 7.1 s → 5.5 s), so entries are learned only when a
   * decoding diverges (untraced code that enters where no traced method could). All-blocks plans need neither:
   * every entry is a witness there, so a missing one ends in a divergence, and the streams teach it.
   *
   * @param input the input recorded so far, which keys the cache ({@link LearnedEntries#cached}), or {@code null}
   *     to leave the cache aside
   */
  static TracedProgram withEntries(final TracedProgram traced, final RunRequest request, final byte[] input,
      final Consumer<String> info) throws IOException {
    if (!traced.needsLearning()) {
      if (traced.reflected() != null) {
        info.accept("reflection watched: it entered " + Plural.of(traced.reflected().size(), "traced method")
            + " in the first run (Method.invoke, Constructor.newInstance), planned as entries; every session "
            + "watches it, and plans again if it enters another");
      } else if (traced.untraced() != null && traced.callers() != UntracedCallers.NONE) {
        info.accept("untraced code runs around the traced classes; the " + traced.untraced().size()
            + " untraced classes the first run loaded enter traced code only where their class files say: "
            + "nothing to learn");
      }
      return traced;
    }
    final Optional<List<String>> cached = input == null ? Optional.empty() : LearnedEntries.cached(traced, input);
    if (cached.isPresent()) {
      info.accept("open world (" + traced.openWorld().get() + "): " + cached.get().size()
          + " entries from untraced code learned before, cached in " + LearnedEntries.file(traced, input));
      return traced.withLearned(cached.get());
    }
    if (request.profile() == ProfileKind.ALL_BLOCKS) {
      return traced;
    }
    info.accept("open world (" + traced.openWorld().get() + "): every traced method is planned as a possible "
        + "entry from untraced code" + (traced.running() == null ? ""
        : " (every one the first run saw run: the others have sentinels)"));
    return traced.withEveryMethodEntry();
  }
}
