package dev.jdtrace.tracer;

import dev.jdtrace.plan.Bytecode;
import dev.jdtrace.plan.ClassFiles;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A digest of the untraced class files a java command's class path holds, so that a part collected with
 * another library build is not merged with this one's: a plan's identity covers the traced bytecode only,
 * and an untraced class decides which traced code runs as much as a traced one. The JDK is not on the class
 * path and not digested. Paths are not digested either (collect may run the same classes from elsewhere):
 * only each class's binary name and bytes, the first of each name in class path order, as the JVM loads it,
 * and the versioned class files of multi-release jars by their resource name.
 */
final class UntracedClassDigest {
  private static final String VERSIONS = "META-INF/versions/";

  private UntracedClassDigest() {
  }

  /** Hex SHA-256 over the binary name and the SHA-256 of every untraced class file, by name. */
  static String sha256(final JavaCommand command, final ClassFilter traced) {
    final Map<String, String> classes = new TreeMap<>();
    final Set<String> seen = new HashSet<>();
    for (final Path entry : command.classpath()) {
      ClassFiles.forEach(entry, name -> !traced.matches(name) && seen.add(name),
          (name, in) -> classes.put(name, digest(in)));
      versioned(entry, traced, seen, classes);
    }
    final StringBuilder all = new StringBuilder();
    classes.forEach((name, digest) -> all.append(name).append('\0').append(digest).append('\n'));
    return Bytecode.sha256(all.toString().getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The class files of a multi-release jar's {@code META-INF/versions/N/} (which {@link ClassFiles} skips), by
   * their resource name: a JVM of version N or later loads them instead of the plain ones.
   */
  private static void versioned(final Path entry, final ClassFilter traced, final Set<String> seen,
      final Map<String, String> classes) {
    if (!Files.isRegularFile(entry)) {
      return;
    }
    try (ZipFile zip = new ZipFile(entry.toFile())) {
      final Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        final ZipEntry e = entries.nextElement();
        final String name = e.getName();
        if (name.startsWith(VERSIONS) && name.endsWith(".class") && name.indexOf('/', VERSIONS.length()) > 0
            && !traced.matches(ClassFiles.binaryName(name.substring(name.indexOf('/', VERSIONS.length()) + 1)))
            && seen.add(name)) {
          try (InputStream in = zip.getInputStream(e)) {
            classes.put(name, digest(in));
          }
        }
      }
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot read classpath entry " + entry + " (" + e.getMessage() + ")", e);
    }
  }

  private static String digest(final InputStream in) {
    try {
      return Bytecode.sha256(in.readAllBytes());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
