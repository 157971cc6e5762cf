package dev.jdtrace.collect;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.NamePattern;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.util.BitSet;

/**
 * What a {@code --within} session records: in every thread, each call of a traced method the pattern matches
 * and everything it calls, from the method's entry to its return or to an exception leaving it (a window), and
 * nothing else. A matching call inside a window belongs to that window.
 *
 * <p>The pattern is a class pattern in the include style (an exact binary name, or a prefix ending in
 * {@code *}), a dot, and a method name glob where {@code *} matches any run of characters:
 * {@code com.acme.FooTest.bar*}, {@code com.acme.*.handle}. The glob matches the method's name in the class
 * file ({@code <init>} for constructors), whatever its descriptor.
 *
 * @param pattern the pattern as given
 * @param methods the traced method indices it matches
 */
public record Within(String pattern, BitSet methods) {

  public Within {
    methods = (BitSet) methods.clone();
  }

  /**
   * Checks the pattern's form, before anything runs.
   *
   * @throws IllegalArgumentException when it is not CLASS.METHOD with a valid class pattern
   */
  public static void check(final String pattern) {
    final int dot = pattern.lastIndexOf('.');
    if (dot <= 0 || dot == pattern.length() - 1) {
      throw new IllegalArgumentException("--within " + pattern + " is not CLASS.METHOD: give a class (a binary name, "
          + "or a prefix ending in *), a dot and a method name, e.g. com.acme.FooTest.bar*");
    }
    try {
      ClassFilter.pattern(pattern.substring(0, dot));
    } catch (final IllegalArgumentException e) {
      throw new IllegalArgumentException("--within " + pattern + ": " + e.getMessage(), e);
    }
  }

  /**
   * The methods of the traced program the pattern matches.
   *
   * @throws IllegalArgumentException when it matches none: the trace would be empty
   */
  public static Within resolve(final String pattern, final Program program) {
    check(pattern);
    final int dot = pattern.lastIndexOf('.');
    final String classes = pattern.substring(0, dot);
    final String methods = pattern.substring(dot + 1);
    final BitSet matched = new BitSet();
    for (int m = 0; m < program.methods().size(); m++) {
      final MethodCfg cfg = program.methods().get(m);
      if (ClassFilter.matches(classes, cfg.id().className()) && NamePattern.matches(methods, cfg.id().name())) {
        matched.set(m);
      }
    }
    if (matched.isEmpty()) {
      throw new IllegalArgumentException("--within " + pattern + " matches no method of the traced classes the "
          + "program loads: name a method with bytecode in a traced class (see --include), as CLASS.METHOD");
    }
    return new Within(pattern, matched);
  }

  /** Whether calls of this traced method open a window. */
  public boolean opens(final int method) {
    return methods.get(method);
  }
}
