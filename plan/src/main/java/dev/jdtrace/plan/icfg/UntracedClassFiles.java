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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.Field;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.Method;

/**
 * Whether initialising an untraced class can run a static initialiser, read from its class file on the
 * target's classpath (never loaded): its own {@code <clinit>} or an untraced, non-JDK superclass's. A class
 * not found is assumed to have one. Also which members a class file declares, so that a static member's use
 * is known to initialise the class it names.
 */
final class UntracedClassFiles implements AutoCloseable {
  private final URLClassLoader loader;
  private final Map<String, Boolean> known = new HashMap<>();
  /** Each class file read, once: empty when not found or unreadable. */
  private final Map<String, Optional<JavaClass>> files = new HashMap<>();
  /** Each class file's declared fields and methods as name + descriptor; empty when not found or unreadable. */
  private final Map<String, Set<String>> members = new HashMap<>();

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

  /**
   * Whether the class file of this class (traced or not) declares the field or method itself, so that using it
   * initialises this class and not a supertype (JVMS 5.5). Unknown (not found, a JDK class) is {@code false}.
   */
  boolean declares(final String name, final String member, final String descriptor) {
    return members.computeIfAbsent(name, this::membersOf).contains(member + descriptor);
  }

  private Set<String> membersOf(final String name) {
    final JavaClass c = ClassFilter.isJdkClass(name) ? null : classFile(name);
    if (c == null) {
      return Set.of();
    }
    final Set<String> out = new HashSet<>();
    for (final Field f : c.getFields()) {
      out.add(f.getName() + f.getSignature());
    }
    for (final Method m : c.getMethods()) {
      out.add(m.getName() + m.getSignature());
    }
    return out;
  }

  /**
   * The direct superclass and superinterfaces of a class of the class path, or empty when not found: only the
   * class file's header is read.
   */
  Optional<List<String>> directSupertypes(final String name) {
    final String resource = name.replace('.', '/') + ".class";
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        return Optional.empty();
      }
      final JdkTypes.Type t = JdkTypes.header(in.readAllBytes());
      final List<String> out = new ArrayList<>(t.interfaces());
      if (t.superName() != null) {
        out.add(t.superName());
      }
      return Optional.of(out);
    } catch (final IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The class file on the classpath, read once, or {@code null} when not found or unreadable. */
  private JavaClass classFile(final String name) {
    return files.computeIfAbsent(name, n -> Optional.ofNullable(parse(n))).orElse(null);
  }

  private JavaClass parse(final String name) {
    final String resource = name.replace('.', '/') + ".class";
    try (InputStream in = loader.getResourceAsStream(resource)) {
      return in == null ? null : new ClassParser(in, resource).parse();
    } catch (final IOException | RuntimeException e) {
      return null;
    }
  }

  private boolean read(final String name) {
    if (ClassFilter.isJdkClass(name)) {
      return false;
    }
    final JavaClass c = classFile(name);
    if (c == null) {
      return true;
    }
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
