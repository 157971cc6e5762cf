package dev.jdtrace.plan;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    final List<String> names = new ArrayList<>();
    forEach(entry, name -> {
      names.add(name);
      return false;
    }, (name, in) -> { });
    return names;
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
