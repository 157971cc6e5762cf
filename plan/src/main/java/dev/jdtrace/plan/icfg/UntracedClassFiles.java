package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.ClassFilter;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.Method;

/**
 * Whether initialising an untraced class can run a static initialiser, read from its class file on the
 * target's classpath (never loaded): its own {@code <clinit>} or an untraced, non-JDK superclass's. A class
 * not found is assumed to have one.
 */
final class UntracedClassFiles implements AutoCloseable {
  private final URLClassLoader loader;
  private final Map<String, Boolean> known = new HashMap<>();

  UntracedClassFiles(final List<Path> classpath) {
    final List<URL> urls = new ArrayList<>();
    for (final Path p : classpath) {
      try {
        urls.add(p.toUri().toURL());
      } catch (final MalformedURLException e) {
        // Skipped: the JVM would not load from it either.
      }
    }
    loader = new URLClassLoader(urls.toArray(URL[]::new), null);
  }

  boolean mayInitialise(final String name) {
    final Boolean cached = known.get(name);
    if (cached != null) {
      return cached;
    }
    final boolean answer = read(name);
    known.put(name, answer);
    return answer;
  }

  private boolean read(final String name) {
    if (ClassFilter.isJdkClass(name)) {
      return false;
    }
    final String resource = name.replace('.', '/') + ".class";
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        return true;
      }
      final JavaClass c = new ClassParser(in, resource).parse();
      for (final Method m : c.getMethods()) {
        if (m.getName().equals("<clinit>")) {
          return true;
        }
      }
      // Interfaces are not initialised with their implementations unless they declare default methods:
      // counting them in over-approximates.
      for (final String i : c.getInterfaceNames()) {
        if (mayInitialise(i)) {
          return true;
        }
      }
      return !c.isInterface() && c.getSuperclassName() != null && mayInitialise(c.getSuperclassName());
    } catch (final IOException | RuntimeException e) {
      return true;
    }
  }

  @Override
  public void close() {
    try {
      loader.close();
    } catch (final IOException e) {
      // Nothing held open that matters.
    }
  }
}
