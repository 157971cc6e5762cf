package dev.jdtrace.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Class path parsing of java command lines. */
class ClassFileFinderTest {

    @TempDir
    Path dir;

    @Test
    void directoriesAndJarsInOrder() throws IOException {
        final Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("a/b"));
        Files.write(classes.resolve("a/b/Outer$Inner.class"), new byte[] {1});
        jar(dir.resolve("lib.jar"), null, "a/b/Outer$Inner.class", "a/C.class");
        final ClassFileFinder finder = ClassFileFinder.fromCommand(
                List.of("java", "-Xmx64m", "-cp", "classes" + java.io.File.pathSeparator + "lib.jar", "a.Main", "-cp", "x"),
                dir);
        assertThat(finder.entries()).containsExactly(classes, dir.resolve("lib.jar"));
        assertThat(finder.find("a.b.Outer$Inner")).hasValueSatisfying(b -> assertThat(b).containsExactly(1));
        assertThat(finder.find("a.C")).hasValueSatisfying(b -> assertThat(b).containsExactly('a', '/', 'C'));
        assertThat(finder.find("a.Missing")).isEmpty();
        assertThat(finder.find("a.b.Outer$$Lambda$14/0x0000000800c03000")).isEmpty();
    }

    @Test
    void optionSpellingsAndWildcards() throws IOException {
        Files.createDirectories(dir.resolve("libs"));
        jar(dir.resolve("libs/one.jar"), null, "p/One.class");
        jar(dir.resolve("libs/two.jar"), null, "p/Two.class");
        for (final List<String> command : List.of(
                List.of("java", "-classpath", "libs/*", "p.Main"),
                List.of("java", "--class-path", "libs/*", "p.Main"),
                List.of("java", "--class-path=libs/*", "p.Main"))) {
            final ClassFileFinder finder = ClassFileFinder.fromCommand(command, dir);
            assertThat(finder.entries()).as(command.toString())
                    .containsExactly(dir.resolve("libs/one.jar"), dir.resolve("libs/two.jar"));
            assertThat(finder.find("p.Two")).isPresent();
        }
    }

    @Test
    void executableJarWithManifestClassPath() throws IOException {
        Files.createDirectories(dir.resolve("lib"));
        jar(dir.resolve("lib/dep.jar"), null, "d/Dep.class");
        jar(dir.resolve("app.jar"), "lib/dep.jar", "m/Main.class");
        final ClassFileFinder finder = ClassFileFinder.fromCommand(List.of("java", "-jar", "app.jar", "arg"), dir);
        assertThat(finder.find("m.Main")).isPresent();
        assertThat(finder.find("d.Dep")).isPresent();
    }

    private static void jar(final Path path, final String classPath, final String... entries) throws IOException {
        final Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        try (OutputStream out = Files.newOutputStream(path); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            for (final String entry : entries) {
                jar.putNextEntry(new JarEntry(entry));
                jar.write(entry.substring(0, entry.length() - ".class".length()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
    }
}
