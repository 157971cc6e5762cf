package dev.jdtrace.tracer;

import dev.jdtrace.reconstruct.TraceWeights;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Whether {@code --weights} is a trace of the program being planned. Weights never change what is
 * traced, only where the witnesses go, so a trace of a related program (another driver of the same
 * library, an older build) is still of use and only gets a warning. A trace none of whose block entries
 * is in the traced classes cannot weigh anything: the plan would silently fall back to the static
 * estimate, which is surely not what was asked for, so it is refused.
 */
final class WeightsCheck {
  private WeightsCheck() {
  }

  static void check(final TraceWeights weights, final Path file, final TracedProgram traced,
      final Consumer<String> info) {
    if (weights.entries() > 0 && weights.matchedEntries() == 0) {
      throw new WeightsException(file, "none of its " + weights.entries()
          + " block entries is in the traced classes of this program: it is a trace of another program", null);
    }
    final String ran = weights.mainClass();
    final String main = traced.command() == null ? null : traced.command().mainClass();
    if (ran != null && main != null && !ran.equals(main)) {
      Notice.tell(info, new Notice.ForeignWeights(file, ran, main));
    }
  }
}
