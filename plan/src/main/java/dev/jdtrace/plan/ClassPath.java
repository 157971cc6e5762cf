package dev.jdtrace.plan;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringTokenizer;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The entries of a class path in the order the JVM searches them: {@code dir/*} expanded to the directory's
 * jars as the launcher does, and each jar followed at once by the entries its manifest's {@code Class-Path}
 * names, recursively, as the application class loader does: URLs relative to the jar's folder
 * ({@code my%20lib/lib.jar} is {@code my lib/lib.jar}), those of another scheme ignored.
 */
public final class ClassPath {
  private ClassPath() {
  }

  /** The entries of a class path string, with the jars its jars' manifests name. */
  public static List<Path> of(final String classpath) {
    return withManifests(split(classpath));
  }

  /** The entries of a class path string as written, {@code dir/*} expanded, manifests not read. */
  static List<Path> split(final String classpath) {
    final List<Path> entries = new ArrayList<>();
    for (final String e : classpath.split(File.pathSeparator)) {
      if (e.endsWith("*") && (e.length() == 1 || e.charAt(e.length() - 2) == File.separatorChar)) {
        entries.addAll(jarsIn(Path.of(e.length() == 1 ? "." : e.substring(0, e.length() - 1))));
      } else if (!e.isEmpty()) {
        entries.add(Path.of(e));
      }
    }
    return entries;
  }

  /**
   * The entries, each jar followed by those its manifest's {@code Class-Path} names (depth first; an entry
   * already met is not searched again, as in the JVM).
   */
  public static List<Path> withManifests(final List<Path> entries) {
    final Set<Path> seen = new LinkedHashSet<>();
    final List<Path> searched = new ArrayList<>();
    for (final Path entry : entries) {
      follow(entry, seen, searched);
    }
    return searched;
  }

  private static void follow(final Path entry, final Set<Path> seen, final List<Path> searched) {
    if (!seen.add(entry.toAbsolutePath().normalize())) {
      return;
    }
    searched.add(entry);
    if (!Files.isRegularFile(entry)) {
      return;
    }
    for (final Path named : manifestClassPath(entry)) {
      follow(named, seen, searched);
    }
  }

  /** The entries a jar's manifest {@code Class-Path} names, resolved against the jar's folder. */
  static List<Path> manifestClassPath(final Path jar) {
    final String value;
    try (JarFile file = new JarFile(jar.toFile())) {
      final Manifest manifest = file.getManifest();
      value = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot read classpath entry " + jar + " (" + e.getMessage()
          + "): check that it is a readable directory or jar", e);
    }
    final List<Path> named = new ArrayList<>();
    if (value == null) {
      return named;
    }
    final URL base;
    try {
      base = jar.toAbsolutePath().toUri().toURL();
    } catch (final MalformedURLException e) {
      throw new IllegalStateException(e);
    }
    final StringTokenizer tokens = new StringTokenizer(value);
    while (tokens.hasMoreTokens()) {
      final String token = tokens.nextToken();
      try {
        final URL url = new URL(base, token);
        // As the JVM: an entry of another scheme than file: is ignored (a colon may be a scheme).
        if (url.getProtocol().equalsIgnoreCase("file")) {
          named.add(Path.of(decode(url.getPath())));
        }
      } catch (final MalformedURLException | IllegalArgumentException e) {
        // The JVM skips an entry it cannot resolve.
      }
    }
    return named;
  }

  /** A URL path's %XX escapes decoded (UTF-8), as the JVM reads a file: URL; '+' stays '+'. */
  static String decode(final String path) {
    if (path.indexOf('%') < 0) {
      return path;
    }
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < path.length(); i++) {
      final char c = path.charAt(i);
      if (c == '%' && i + 2 < path.length()) {
        bytes.write(Integer.parseInt(path, i + 1, i + 3, 16));
        i += 2;
      } else {
        bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** A {@code dir/*} classpath entry: every jar in the directory, as the java launcher expands it. */
  private static List<Path> jarsIn(final Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar"))
          .sorted().toList();
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot list classpath directory " + dir + ": " + e.getMessage(), e);
    }
  }
}
