package dev.jdtrace.plan.icfg;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The overridable methods of untraced supertypes (JDK and library classes), read by loading them
 * without initialisation from the target's classpath. Untraced code calls traced overrides of these
 * methods: {@code compare} in {@code List.sort}, {@code toString} in string concatenation, {@code run}
 * in {@code Thread}.
 */
final class UntracedSupertypes implements AutoCloseable {
  private final URLClassLoader loader;
  private final Map<String, Optional<Set<String>>> cache = new HashMap<>();

  UntracedSupertypes(final List<Path> classpath) {
    final List<URL> urls = new ArrayList<>();
    for (final Path p : classpath) {
      try {
        urls.add(p.toUri().toURL());
      } catch (final MalformedURLException e) {
        // Skipped: the JVM would not load from it either.
      }
    }
    loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  /**
   * Name+descriptor of every non-static, non-private method of the type and its supertypes; empty when
   * the type cannot be loaded, so the caller must assume anything can be overridden.
   */
  Optional<Set<String>> overridable(final String name) {
    return cache.computeIfAbsent(name, this::load);
  }

  private Optional<Set<String>> load(final String name) {
    try {
      final Class<?> type = Class.forName(name, false, loader);
      final Set<String> out = new HashSet<>();
      final List<Class<?>> work = new ArrayList<>(List.of(type));
      final Set<Class<?>> seen = new HashSet<>();
      while (!work.isEmpty()) {
        final Class<?> c = work.remove(work.size() - 1);
        if (c == null || !seen.add(c)) {
          continue;
        }
        for (final Method m : c.getDeclaredMethods()) {
          if (!Modifier.isStatic(m.getModifiers()) && !Modifier.isPrivate(m.getModifiers())) {
            out.add(m.getName() + MethodType.methodType(m.getReturnType(), m.getParameterTypes())
                .toMethodDescriptorString());
          }
        }
        work.add(c.getSuperclass());
        work.addAll(List.of(c.getInterfaces()));
      }
      return Optional.of(out);
    } catch (final ClassNotFoundException | LinkageError | SecurityException e) {
      return Optional.empty();
    }
  }

  @Override
  public void close() {
    try {
      loader.close();
    } catch (final java.io.IOException e) {
      // Nothing held open that matters.
    }
  }
}
