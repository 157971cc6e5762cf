package dev.jdtrace.reference;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * Finds class files on the class path of a {@code java} command line: {@code -cp}, {@code -classpath},
 * {@code --class-path} (also with {@code =}), or {@code -jar JAR} (plus its manifest {@code Class-Path}).
 * Entries may be directories, jars, or {@code dir/*} wildcards. Without any of those, the
 * {@code CLASSPATH} environment variable or {@code .} is used, like the launcher.
 */
final class ClassFileFinder {

    private final List<Path> entries;

    private ClassFileFinder(final List<Path> entries) {
        this.entries = List.copyOf(entries);
    }

    /** Builds a finder from a full command line ({@code java [options] (-cp CP MAIN | -jar JAR) ...}). */
    static ClassFileFinder fromCommand(final List<String> javaCommand, final Path workingDirectory) {
        String classPath = null;
        String jar = null;
        for (int i = 1; i < javaCommand.size(); i++) {
            final String arg = javaCommand.get(i);
            if ((arg.equals("-cp") || arg.equals("-classpath") || arg.equals("--class-path"))
                    && i + 1 < javaCommand.size()) {
                classPath = javaCommand.get(++i);
            } else if (arg.startsWith("--class-path=")) {
                classPath = arg.substring("--class-path=".length());
            } else if (arg.equals("-jar") && i + 1 < javaCommand.size()) {
                jar = javaCommand.get(i + 1);
                break;
            } else if (!arg.startsWith("-")) {
                break;                                   // the main class: the rest are program arguments
            } else if (takesValue(arg)) {
                i++;
            }
        }
        final List<Path> entries = new ArrayList<>();
        if (jar != null) {
            final Path jarPath = workingDirectory.resolve(jar);
            entries.add(jarPath);
            entries.addAll(manifestClassPath(jarPath));
        } else {
            if (classPath == null) {
                classPath = Optional.ofNullable(System.getenv("CLASSPATH")).orElse(".");
            }
            for (final String entry : classPath.split(java.io.File.pathSeparator, -1)) {
                addEntry(entries, workingDirectory, entry.isEmpty() ? "." : entry);
            }
        }
        return new ClassFileFinder(entries);
    }

    /** The class file bytes of a binary class name ({@code a.b.Outer$Inner}), if present on the class path. */
    Optional<byte[]> find(final String binaryName) {
        final String resource = binaryName.replace('.', '/') + ".class";
        for (final Path entry : entries) {
            try {
                if (Files.isDirectory(entry)) {
                    final Path file = entry.resolve(resource);
                    if (Files.isRegularFile(file)) {
                        return Optional.of(Files.readAllBytes(file));
                    }
                } else if (Files.isRegularFile(entry)) {
                    try (JarFile jarFile = new JarFile(entry.toFile())) {
                        final ZipEntry zip = jarFile.getEntry(resource);
                        if (zip != null) {
                            try (InputStream in = jarFile.getInputStream(zip)) {
                                return Optional.of(in.readAllBytes());
                            }
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + resource + " from " + entry, e);
            }
        }
        return Optional.empty();
    }

    /** The resolved class path entries, in search order. */
    List<Path> entries() {
        return entries;
    }

    private static boolean takesValue(final String option) {
        return switch (option) {
            case "-p", "--module-path", "--upgrade-module-path", "--add-modules", "--add-opens", "--add-exports",
                    "--add-reads", "--limit-modules", "--patch-module", "--enable-native-access" -> true;
            default -> false;
        };
    }

    private static void addEntry(final List<Path> entries, final Path workingDirectory, final String entry) {
        if (entry.endsWith("*") && (entry.length() == 1 || entry.charAt(entry.length() - 2) == '/'
                || entry.charAt(entry.length() - 2) == java.io.File.separatorChar)) {
            final Path dir = workingDirectory.resolve(entry.substring(0, entry.length() - 1));
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(p -> {
                    final String name = p.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
                    return name.endsWith(".jar");
                }).sorted().forEach(entries::add);
            } catch (IOException e) {
                // A missing wildcard directory contributes nothing, as for the launcher.
            }
        } else {
            entries.add(workingDirectory.resolve(entry));
        }
    }

    private static List<Path> manifestClassPath(final Path jarPath) {
        final List<Path> result = new ArrayList<>();
        try (JarFile jarFile = new JarFile(jarPath.toFile())) {
            final Manifest manifest = jarFile.getManifest();
            final String value = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (value != null) {
                final Path base = jarPath.toAbsolutePath().getParent();
                for (final String url : value.trim().split("\\s+")) {
                    if (!url.isEmpty()) {
                        result.add(base.resolve(url));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read manifest of " + jarPath, e);
        }
        return result;
    }
}
