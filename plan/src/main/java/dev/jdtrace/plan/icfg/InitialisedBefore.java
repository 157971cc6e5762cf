package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.MethodCfg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The class initialisations a method has surely started when each of its blocks begins, on every path from
 * its entry. A class is initialised at most once (JLS 12.4.2): once an instruction that names it has completed,
 * the class is initialised, or being initialised by this very thread, or erroneous, and no later instruction
 * starts its initialiser again. So a block that only names classes already named before it on every path
 * cannot start an untraced initialiser (MathDriver: {@code new Fraction} in a loop after
 * {@code Fraction.ZERO}). Exception handlers are counted as knowing nothing: the instruction that threw may
 * not have completed.
 */
final class InitialisedBefore {
  private InitialisedBefore() {
  }

  /**
   * What a completed instruction proves initialised, as keys: the reference itself (the same reference
   * resolves to the same class), and the class it names when {@code new} names it or it declares the member
   * itself (JVMS 5.5: a static member initialises the class that declares it).
   */
  static List<String> keys(final Block.InitRef ref, final UntracedClassFiles files) {
    final List<String> out = new ArrayList<>(2);
    if (ref.member() == null) {
      out.add(ref.owner());
    } else {
      out.add(ref.owner() + '.' + ref.member() + ref.descriptor());
      if (files.declares(ref.owner(), ref.member(), ref.descriptor())) {
        out.add(ref.owner());
      }
    }
    return out;
  }

  /**
   * Whether a reference with these {@link #keys} can no longer start an initialisation after these completed
   * ones: its own key is among them (for {@code new}, the class), or the class it names and declares the member.
   * A static member a class inherits from an interface is not done with the class, as initialising a class does
   * not initialise its interfaces (those without default methods): that reference has its own key only.
   */
  static boolean done(final List<String> keys, final Set<String> initialised) {
    return keys.stream().anyMatch(initialised::contains);
  }

  /**
   * Per block of the method, the keys of the references that have completed on every path from the entry to
   * it, counting only the references {@code relevant} accepts; empty for a block no path reaches.
   */
  static List<Set<String>> of(final MethodCfg method, final UntracedClassFiles files,
      final Predicate<Block.InitRef> relevant) {
    final List<Block> blocks = method.blocks();
    final BitSet handlers = new BitSet();
    blocks.forEach(b -> b.handlers().forEach(handlers::set));
    // What each block proves once it completes, and what is known at its start (null: not reached yet).
    final List<Set<String>> completes = new ArrayList<>(blocks.size());
    final List<Set<String>> in = new ArrayList<>(blocks.size());
    for (int i = 0; i < blocks.size(); i++) {
      final Set<String> keys = new HashSet<>();
      blocks.get(i).inits().stream().filter(relevant).forEach(ref -> keys.addAll(keys(ref, files)));
      completes.add(keys);
      in.add(i == 0 || handlers.get(i) ? new HashSet<>() : null);
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int i = 0; i < blocks.size(); i++) {
        if (in.get(i) == null) {
          continue;
        }
        final Set<String> out = new HashSet<>(in.get(i));
        out.addAll(completes.get(i));
        for (final int s : blocks.get(i).successors()) {
          final Set<String> known = in.get(s);
          if (known == null) {
            in.set(s, new HashSet<>(out));
            changed = true;
          } else if (!handlers.get(s) && known.retainAll(out)) {
            changed = true;
          }
        }
      }
    }
    in.replaceAll(known -> known == null ? Set.of() : known);
    return in;
  }
}
