package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.ClassFiles;
import dev.jdtrace.plan.ClassFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether initialising an untraced class can run a static initialiser, read from its class file on the
 * target's classpath (never loaded): its own {@code <clinit>} or an untraced, non-JDK superclass's. A class
 * not found is assumed to have one. Also which members a class file declares, so that a static member's use
 * is known to initialise the class it names.
 */
final class UntracedClassFiles implements AutoCloseable {
  private final ClassFiles.Reader reader;
  private final Map<String, Boolean> known = new HashMap<>();
  /** Each class file read, once: empty when not found or unreadable. */
  private final Map<String, Optional<JdkTypes.Declared>> files = new HashMap<>();

  UntracedClassFiles(final List<Path> classpath) {
    reader = new ClassFiles.Reader(classpath);
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
    final JdkTypes.Declared c = ClassFilter.isJdkClass(name) ? null : classFile(name);
    return c != null && c.members().contains(member + descriptor);
  }

  /**
   * The direct superclass and superinterfaces of a class of the class path, or empty when not found: only the
   * class file's header is read.
   */
  Optional<List<String>> directSupertypes(final String name) {
    return Optional.ofNullable(classFile(name)).map(c -> {
      final List<String> out = new ArrayList<>(c.type().interfaces());
      if (c.type().superName() != null) {
        out.add(c.type().superName());
      }
      return out;
    });
  }

  /** The class file on the classpath, read once, or {@code null} when not found or unreadable. */
  private JdkTypes.Declared classFile(final String name) {
    return files.computeIfAbsent(name, n -> Optional.ofNullable(parse(n))).orElse(null);
  }

  private JdkTypes.Declared parse(final String name) {
    final Optional<byte[]> bytes = reader.read(name);
    try {
      return bytes.isEmpty() ? null : JdkTypes.declared(bytes.get());
    } catch (final IOException | RuntimeException e) {
      return null;
    }
  }

  private boolean read(final String name) {
    if (ClassFilter.isJdkClass(name)) {
      return false;
    }
    final JdkTypes.Declared c = classFile(name);
    if (c == null) {
      return true;
    }
    if (c.members().contains("<clinit>()V")) {
      return true;
    }
    // Interfaces are not initialised with their implementations unless they declare default methods:
    // counting them in over-approximates.
    for (final String i : c.type().interfaces()) {
      if (mayInitialise(i)) {
        return true;
      }
    }
    final boolean isInterface = (c.type().access() & 0x0200) != 0;
    return !isInterface && c.type().superName() != null && mayInitialise(c.type().superName());
  }

  @Override
  public void close() {
    reader.close();
  }
}
