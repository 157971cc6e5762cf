package dev.jdtrace.plan.icfg;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.JavaClass;

/**
 * The class files of the JDK a program runs on, read from its runtime image ({@code lib/modules}) through
 * the image's own {@code jrt:} file system: the bodies of the JDK methods a traced call enters, as that JVM
 * will run them. A class of a package that some module of the image holds can only load from there (a
 * named module's package is never split onto the class path), so what the image says is what runs.
 */
public final class JdkImage {
  /** One image per JDK home, opened once per process: plans and decodes of a run share its reading. */
  private static final Map<Path, Optional<JdkImage>> OPENED = new java.util.concurrent.ConcurrentHashMap<>();

  private final FileSystem jrt;
  private final String identity;
  private final Map<String, Optional<JavaClass>> classes = new HashMap<>();
  private final Map<String, List<String>> modulesOfPackage = new HashMap<>();
  private Optional<JdkTypes> types;

  private JdkImage(final FileSystem jrt, final String identity) {
    this.jrt = jrt;
    this.identity = identity;
  }

  /**
   * The runtime image of the JDK whose launcher this is ({@code /usr/bin/java}, a link, is followed; a bare
   * {@code java} is looked up on {@code PATH}), or empty when it has none that can be read (a JDK 8, a
   * launcher not found): the planner then proves nothing about JDK bodies.
   */
  public static Optional<JdkImage> ofLauncher(final String java, final Map<String, String> env) {
    try {
      final Optional<Path> launcher = locate(java, env.get("PATH"));
      if (launcher.isEmpty()) {
        return Optional.empty();
      }
      return OPENED.computeIfAbsent(launcher.get().toRealPath().getParent().getParent(), JdkImage::open);
    } catch (final IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<JdkImage> open(final Path home) {
    try {
      final Path release = home.resolve("release");
      if (!Files.isRegularFile(home.resolve("lib").resolve("modules")) || !Files.isRegularFile(release)) {
        return Optional.empty();
      }
      final FileSystem fs = home.equals(Path.of(System.getProperty("java.home")).toRealPath())
          ? FileSystems.getFileSystem(URI.create("jrt:/"))
          : FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", home.toString()));
      return Optional.of(new JdkImage(fs, home + " " + digest(Files.readAllBytes(release))
          + " " + Files.size(home.resolve("lib").resolve("modules"))));
    } catch (final IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<Path> locate(final String java, final String pathVariable) {
    if (java.contains("/")) {
      final Path p = Path.of(java);
      return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }
    if (pathVariable == null) {
      return Optional.empty();
    }
    for (final String dir : pathVariable.split(File.pathSeparator)) {
      final Path p = Path.of(dir.isEmpty() ? "." : dir, java);
      if (Files.isExecutable(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /** The first 8 bytes of a SHA-256, in hex: names the cache files of one JDK. */
  static String digest(final byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Writes a cache file whole or not at all (another jdtrace may read it meanwhile).
   *
   * @return whether it was written; a cache that cannot be written only costs time
   */
  static boolean writeAtomically(final Path file, final CharSequence text) {
    try {
      Files.createDirectories(file.getParent());
      final Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
      Files.writeString(temp, text, java.nio.charset.StandardCharsets.UTF_8);
      Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      return true;
    } catch (final IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  /** Which JDK this is: its home, its {@code release} file and its image's size, for plan keys. */
  public String identity() {
    return identity;
  }

  /**
   * The type hierarchy of the whole image, read once per process; kept in {@code cacheDir} (may be {@code null})
   * for later processes. Empty when the image cannot be read.
   */
  synchronized Optional<JdkTypes> types(final Path cacheDir) {
    if (types == null) {
      try {
        types = Optional.of(JdkTypes.of(jrt, cacheDir == null ? null
            : cacheDir.resolve("jdk-types-" + digest(identity.getBytes(java.nio.charset.StandardCharsets.UTF_8)))));
      } catch (final IOException | RuntimeException e) {
        types = Optional.empty();
      }
    }
    return types;
  }

  /** The class file of a class of the image, read once, or empty when the image holds no such class. */
  synchronized Optional<JavaClass> classFile(final String name) {
    return classes.computeIfAbsent(name, this::read);
  }

  private Optional<JavaClass> read(final String name) {
    final int dot = name.lastIndexOf('.');
    if (dot < 0) {
      return Optional.empty();
    }
    final String resource = name.replace('.', '/') + ".class";
    for (final String module : modulesOfPackage.computeIfAbsent(name.substring(0, dot), this::modules)) {
      final Path file = jrt.getPath("/modules", module, resource);
      if (Files.isRegularFile(file)) {
        try (InputStream in = Files.newInputStream(file)) {
          return Optional.of(new ClassParser(in, resource).parse());
        } catch (final IOException | RuntimeException e) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  private List<String> modules(final String packageName) {
    final Path dir = jrt.getPath("/packages", packageName);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).toList();
    } catch (final IOException e) {
      return List.of();
    }
  }
}
