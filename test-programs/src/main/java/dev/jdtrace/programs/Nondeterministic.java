package dev.jdtrace.programs;

/**
 * Deliberately nondeterministic: its path and output depend on the clock and on identity hash codes,
 * so two runs of it differ. Tracing it over several sessions must end in a divergence error, never in a
 * trace. Not listed in {@link Catalog#DETERMINISTIC}.
 */
public final class Nondeterministic {
  private Nondeterministic() {
  }

  public static void main(final String[] args) {
    int odd = 0;
    for (int i = 0; i < 20; i++) {
      final long noise = System.nanoTime() ^ System.identityHashCode(new Object());
      if ((noise & 1) == 1) {
        odd++;
      }
    }
    System.out.println("odd draws: " + odd);
  }
}
