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
    long pattern = 0;
    for (int i = 0; i < 40; i++) {
      final long noise = System.nanoTime() ^ System.identityHashCode(new Object());
      pattern = pattern << 1 | (noise & 1);
      if ((noise & 1) == 1) {
        odd++;
      }
    }
    // The whole pattern is printed, so two runs print the same only once in 2^40.
    System.out.println("odd draws: " + odd + " pattern " + Long.toHexString(pattern));
  }
}
