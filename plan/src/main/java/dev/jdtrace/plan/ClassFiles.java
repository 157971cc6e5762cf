package dev.jdtrace.plan;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.apache.bcel.classfile.ClassFormatException;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.JavaClass;

/**
 * Lists and reads the class files of one classpath entry, a directory or a jar. A multi-release jar is read as
 * the JVM reads it on this Java release: a class with a {@code META-INF/versions/N/} file for N up to the
 * release is that file (snakeyaml 2.7's {@code internal.Logger} differs there, and planning its plain class
 * file got the class refused by the bytecode check); a target on another release may load others, which the
 * bytecode check then refuses by name.
 */
public final class ClassFiles {
  private ClassFiles() {
  }

  /**
   * Parses one class file of the entry.
   *
   * @throws UncheckedIOException when it cannot be read or is not a class file
   */
  public static JavaClass parse(final Path entry, final InputStream in) {
    try {
      return new ClassParser(in, entry.toString()).parse();
    } catch (final IOException | ClassFormatException e) {
      throw new UncheckedIOException(new IOException("cannot parse a class file in " + entry + ": "
          + e.getMessage(), e));
    }
  }

  /** Whether the entry holds a resource such as {@code a/b/C.class}. */
  public static boolean contains(final Path entry, final String resource) {
    if (Files.isDirectory(entry)) {
      return Files.isRegularFile(entry.resolve(resource));
    }
    if (!Files.isRegularFile(entry)) {
      return false;
    }
    try (JarFile jar = open(entry)) {
      return jar.getJarEntry(resource) != null;
    } catch (final IOException e) {
      throw unreadable(entry, e);
    }
  }

  /** Binary names (dots) of the classes in the entry, sorted. */
  public static List<String> classNames(final Path entry) {
    final List<String> names = names(entry);
    names.sort(null);
    return names;
  }

  /** Binary names (dots) of the classes in the entry, without reading any class file. */
  static List<String> names(final Path entry) {
    return new ArrayList<>(Files.isRegularFile(entry) ? listing(entry).names() : list(entry));
  }

  private static List<String> list(final Path entry) {
    final List<String> names = new ArrayList<>();
    forEach(entry, name -> {
      names.add(name);
      return false;
    }, (name, in) -> { });
    return names;
  }

  /**
   * A jar's class names, listed once per process while its size and modification time stay: one plan lists each jar
   * of the class path five times or more (its classes, the traced names, the JDK-named ones, the untraced ones it
   * asks about), 20-90 ms a pass on a class path of 40 jars. A directory is listed each time: it is what a build
   * rewrites.
   */
  private record Listing(long size, FileTime modified, List<String> names, Set<String> set) {
  }

  private static final Map<Path, Listing> LISTINGS = new ConcurrentHashMap<>();

  private static Listing listing(final Path jar) {
    final BasicFileAttributes now;
    try {
      now = Files.readAttributes(jar, BasicFileAttributes.class);
    } catch (final IOException e) {
      throw unreadable(jar, e);
    }
    final Path key = jar.toAbsolutePath().normalize();
    final Listing known = LISTINGS.get(key);
    if (known != null && known.size() == now.size() && known.modified().equals(now.lastModifiedTime())) {
      return known;
    }
    final List<String> names = List.copyOf(list(jar));
    final Listing listed = new Listing(now.size(), now.lastModifiedTime(), names, Set.copyOf(names));
    LISTINGS.put(key, listed);
    return listed;
  }

  /**
   * Reads class files by binary name from a class path as the JVM finds them (the first entry holding the class),
   * opening only the jars that hold what is asked, each once.
   */
  public static final class Reader implements AutoCloseable {
    private final List<Path> classpath;
    /** Per entry, a jar's class names, looked up once per reader; empty for a directory or a missing entry. */
    private final Map<Path, Optional<Set<String>>> jarNames = new HashMap<>();
    private final Map<Path, JarFile> open = new HashMap<>();

    public Reader(final List<Path> classpath) {
      this.classpath = List.copyOf(classpath);
    }

    /** The class file's bytes, or empty when no entry holds it or it cannot be read. */
    public Optional<byte[]> read(final String binaryName) {
      final String resource = binaryName.replace('.', '/') + ".class";
      try {
        for (final Path entry : classpath) {
          final Optional<Set<String>> names = jarNames.computeIfAbsent(entry,
              e -> Files.isRegularFile(e) ? Optional.of(listing(e).set()) : Optional.empty());
          if (names.isEmpty()) {
            final Path file = entry.resolve(resource);
            if (Files.isRegularFile(file)) {
              return Optional.of(Files.readAllBytes(file));
            }
          } else if (names.get().contains(binaryName)) {
            final JarFile jar = open.computeIfAbsent(entry, ClassFiles::openUnchecked);
            final JarEntry e = jar.getJarEntry(resource);
            if (e != null) {
              try (InputStream in = jar.getInputStream(e)) {
                return Optional.of(in.readAllBytes());
              }
            }
          }
        }
      } catch (final IOException | RuntimeException e) {
        return Optional.empty();
      }
      return Optional.empty();
    }

    @Override
    public void close() {
      for (final JarFile jar : open.values()) {
        try {
          jar.close();
        } catch (final IOException e) {
          // Only read from: nothing to lose.
        }
      }
      open.clear();
    }
  }

  private static JarFile openUnchecked(final Path jar) {
    try {
      return open(jar);
    } catch (final IOException e) {
      throw unreadable(jar, e);
    }
  }

  /**
   * Calls back with each class's binary name and bytes. A missing entry is skipped, as the JVM does;
   * an unreadable jar is an error.
   */
  public static void forEach(final Path entry, final BiConsumer<String, InputStream> visitor) {
    forEach(entry, name -> true, visitor);
  }

  /**
   * Calls back with the binary name and bytes of each class the test accepts; the others are not read.
   * A missing entry is skipped, as the JVM does; an unreadable jar is an error.
   */
  public static void forEach(final Path entry, final Predicate<String> wanted,
      final BiConsumer<String, InputStream> visitor) {
    try {
      if (Files.isDirectory(entry)) {
        try (Stream<Path> files = Files.walk(entry)) {
          for (final Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class")).sorted()::iterator) {
            final String name = binaryName(entry.relativize(f).toString().replace('\\', '/'));
            if (wanted.test(name)) {
              try (InputStream in = Files.newInputStream(f)) {
                visitor.accept(name, in);
              }
            }
          }
        }
      } else if (Files.isRegularFile(entry)) {
        try (JarFile jar = open(entry)) {
          // Base names in both cases; a multi-release jar's entry reads the file of the highest fitting version.
          for (final JarEntry e : (Iterable<JarEntry>) jar.versionedStream()::iterator) {
            if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")
                && wanted.test(binaryName(e.getName()))) {
              try (InputStream in = jar.getInputStream(e)) {
                visitor.accept(binaryName(e.getName()), in);
              }
            }
          }
        }
      }
    } catch (final IOException e) {
      throw unreadable(entry, e);
    }
  }

  /** A jar, read as this Java release reads it when it is a multi-release jar. */
  private static JarFile open(final Path jar) throws IOException {
    return new JarFile(jar.toFile(), false, ZipFile.OPEN_READ, Runtime.version());
  }

  /** The binary name of a class file resource ({@code a/b/C$D.class} is {@code a.b.C$D}). */
  public static String binaryName(final String resource) {
    return resource.substring(0, resource.length() - ".class".length()).replace('/', '.');
  }

  private static UncheckedIOException unreadable(final Path entry, final IOException e) {
    return new UncheckedIOException("cannot read classpath entry " + entry + " (" + e.getMessage()
        + "): check that it is a readable directory or jar", e);
  }
}
