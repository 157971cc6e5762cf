package dev.jdtrace.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.plan.fixtures.Shapes;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaCommandTest {
  private static final Path CLASSES = Path.of("target/test-classes");

  @Test
  void findsMainClassEntryAfterJvmOptions() {
    final JavaCommand c = JavaCommand.parse(List.of("java", "-Xmx64m", "-cp", "/nowhere:" + CLASSES,
        Shapes.class.getName(), "arg"));
    assertThat(c.mainClass()).isEqualTo(Shapes.class.getName());
    assertThat(c.mainEntry()).isEqualTo(CLASSES);
    assertThat(c.classpath()).containsExactly(Path.of("/nowhere"), CLASSES);
  }

  @Test
  void unknownMainClassIsAOneLineError() {
    assertThatThrownBy(() -> JavaCommand.parse(List.of("java", "-cp", CLASSES.toString(), "no.Such")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no.Such").hasMessageNotContaining("\n");
  }

  @Test
  void emptyCommandIsAnError() {
    assertThatThrownBy(() -> JavaCommand.parse(List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void jarTakesMainClassFromManifest(@TempDir final Path dir) throws Exception {
    final Path jar = dir.resolve("app.jar");
    final Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "x.Main");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
      j.putNextEntry(new JarEntry("x/Main.class"));
      j.write(new byte[] {1});
    }
    final JavaCommand c = JavaCommand.parse(List.of("java", "-jar", jar.toString()));
    assertThat(c.mainClass()).isEqualTo("x.Main");
    assertThat(c.mainEntry()).isEqualTo(jar);
  }

  @Test
  void unreadableJarOnClasspathIsReported(@TempDir final Path dir) throws Exception {
    final Path bad = Files.writeString(dir.resolve("bad.jar"), "not a zip");
    assertThatThrownBy(() -> JavaCommand.parse(List.of("java", "-cp", bad + ":" + CLASSES, "x.Y")))
        .hasMessageContaining("cannot read classpath entry").hasMessageContaining("bad.jar");
  }

  /** A jar holding a class entry, with these manifest attributes. */
  private static Path jar(final Path jar, final String entry, final Map<String, String> attributes)
      throws Exception {
    Files.createDirectories(jar.toAbsolutePath().getParent());
    final Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    attributes.forEach((k, v) -> manifest.getMainAttributes().putValue(k, v));
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
      j.putNextEntry(new JarEntry(entry));
      j.write(new byte[] {1});
    }
    return jar;
  }

  @Test
  void argfileBeforeTheMainClassIsReadAsTheLauncherReadsItAndTheCommandStaysAsGiven(@TempDir final Path dir)
      throws Exception {
    final Path opts = Files.writeString(dir.resolve("opts"), "# options\n-Dp=\"hello world\"\n-cp '" + CLASSES
        + "'\n" + Shapes.class.getName() + " first\n");
    final List<String> args = List.of("java", "-Xmx64m", "@" + opts, "second", "@" + opts);
    final JavaCommand c = JavaCommand.parse(args, Map.of());
    assertThat(c.args()).isEqualTo(args);
    assertThat(c.mainClass()).isEqualTo(Shapes.class.getName());
    assertThat(c.classpath()).containsExactly(CLASSES);
    // Arguments after the main class are the program's, argfile or not: the launcher does not read them.
    assertThat(c.programArgs()).containsExactly("first", "second", "@" + opts);
    assertThat(c.launcherArgs()).startsWith("java", "-Xmx64m", "-Dp=hello world", "-cp");
  }

  @Test
  void anArgumentAfterTheMainClassIsNeverAFile() {
    final JavaCommand c = JavaCommand.parse(List.of("java", "-cp", CLASSES.toString(), Shapes.class.getName(),
        "@data.txt"), Map.of());
    assertThat(c.programArgs()).containsExactly("@data.txt");
  }

  @Test
  void doubledAtAndDisabledFilesAreTakenAsTheLauncherTakesThem() {
    assertThat(JavaCommand.parse(List.of("java", "-cp", CLASSES.toString(), "--disable-@files",
        Shapes.class.getName()), Map.of()).mainClass()).isEqualTo(Shapes.class.getName());
    assertThatThrownBy(() -> JavaCommand.parse(List.of("java", "-cp", CLASSES.toString(), "@@x.Y"), Map.of()))
        .hasMessageContaining("main class @x.Y is not on the classpath");
    assertThatThrownBy(() -> JavaCommand.parse(List.of("java", "--disable-@files", "@missing"), Map.of()))
        .hasMessageContaining("main class @missing");
  }

  @Test
  void anUnreadableArgfileIsAOneLineError() {
    assertThatThrownBy(() -> JavaCommand.parse(List.of("java", "@/no/such/file", "x.Y"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("@/no/such/file")
        .hasMessageNotContaining("\n");
  }

  @Test
  void optionsWithASeparateValueAreNoMainClass() {
    for (final List<String> option : List.of(List.of("--enable-native-access", "ALL-UNNAMED"),
        List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED"), List.of("--add-exports", "java.base/x=ALL-UNNAMED"),
        List.of("--add-modules", "java.sql"), List.of("--add-reads", "a=b"), List.of("--patch-module", "a=b.jar"),
        List.of("--limit-modules", "java.base"), List.of("--upgrade-module-path", "up"), List.of("-splash:s.png"),
        List.of("-Dx=y"), List.of("-XX:+UseSerialGC"))) {
      final List<String> args = new java.util.ArrayList<>(List.of("java"));
      args.addAll(option);
      args.addAll(List.of("-cp", CLASSES.toString(), Shapes.class.getName(), "arg"));
      assertThat(JavaCommand.parse(args, Map.of()).mainClass()).as(option.toString())
          .isEqualTo(Shapes.class.getName());
    }
  }

  @Test
  void jdkJavaOptionsAndClasspathVariableGiveTheClassPathAsForJava() {
    final List<String> args = List.of("java", Shapes.class.getName());
    assertThat(JavaCommand.parse(args, Map.of("JDK_JAVA_OPTIONS", "-cp " + CLASSES)).mainEntry()).isEqualTo(CLASSES);
    // Kept from jdtrace's own JVM by its launcher, the variable is still the program's.
    assertThat(JavaCommand.parse(args, Map.of("JDTRACE_TARGET_JDK_JAVA_OPTIONS", "'-Dq=a b' -cp " + CLASSES))
        .launcherArgs()).containsExactly("java", "-Dq=a b", "-cp", CLASSES.toString(), Shapes.class.getName());
    assertThat(JavaCommand.parse(args, Map.of("CLASSPATH", CLASSES.toString())).mainEntry()).isEqualTo(CLASSES);
    assertThat(JavaCommand.parse(List.of("java", "-Djava.class.path=" + CLASSES, Shapes.class.getName()), Map.of())
        .mainEntry()).isEqualTo(CLASSES);
  }

  @Test
  void modulesAreRefusedInOneLine() {
    for (final List<String> args : List.of(List.of("java", "-p", "mods", "-m", "app/com.x.Main"),
        List.of("java", "--module-path=mods", "--module=app/com.x.Main"), List.of("java", "--module", "app"),
        List.of("java", "--module-path", "mods", "-cp", CLASSES.toString(), Shapes.class.getName()))) {
      assertThatThrownBy(() -> JavaCommand.parse(args, Map.of())).as(args.toString())
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("modules")
          .hasMessageContaining("not support").hasMessageNotContaining("\n");
    }
  }

  @Test
  void sourceFileProgramsAreRefusedInOneLine(@TempDir final Path dir) throws Exception {
    final Path source = Files.writeString(dir.resolve("Hello.java"), "class Hello {}");
    for (final List<String> args : List.of(List.of("java", source.toString()),
        List.of("java", "--source", "17", source.toString()))) {
      assertThatThrownBy(() -> JavaCommand.parse(args, Map.of())).as(args.toString())
          .hasMessageContaining("does not trace source-file programs").hasMessageNotContaining("\n");
    }
  }

  @Test
  void aJdwpAgentOfTheProgramsOwnIsRefusedUpFront() {
    final String main = Shapes.class.getName();
    final String cp = CLASSES.toString();
    for (final String agent : List.of("-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
        "-Xrunjdwp:transport=dt_socket", "-agentpath:/jdk/lib/libjdwp.so=transport=dt_socket")) {
      assertThatThrownBy(() -> JavaCommand.parse(List.of("java", agent, "-cp", cp, main), Map.of()))
          .hasMessageStartingWith("the java command already loads a JDWP agent (" + agent + ")")
          .hasMessageNotContaining("\n");
    }
    for (final String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS",
        "JDTRACE_TARGET_JAVA_TOOL_OPTIONS")) {
      assertThatThrownBy(() -> JavaCommand.parse(List.of("java", "-cp", cp, main),
          Map.of(variable, "-Xmx1g -agentlib:jdwp=transport=dt_socket,server=y")))
          .hasMessageStartingWith(variable.replace("JDTRACE_TARGET_", "") + " already loads a JDWP agent");
    }
    // After the main class it is the program's argument, not an agent.
    assertThat(JavaCommand.parse(List.of("java", "-cp", cp, main, "-agentlib:jdwp"), Map.of()).programArgs())
        .containsExactly("-agentlib:jdwp");
  }

  @Test
  void manifestClassPathOfAClassPathJarIsFollowedRecursivelyAsUrlsRelativeToTheJar(@TempDir final Path dir)
      throws Exception {
    final Path app = jar(dir.resolve("app.jar"), "x/Main.class", Map.of("Class-Path", "lib/a.jar my%20lib/ http://h/x.jar"));
    final Path a = jar(dir.resolve("lib/a.jar"), "y/A.class", Map.of("Class-Path", "../deeper/b.jar a.jar"));
    final Path b = jar(dir.resolve("deeper/b.jar"), "z/B.class", Map.of());
    Files.createDirectories(dir.resolve("my lib"));
    final JavaCommand c = JavaCommand.parse(List.of("java", "-cp", app.toString(), "x.Main"), Map.of());
    assertThat(c.classpath().stream().map(p -> p.toAbsolutePath().normalize()).toList()).containsExactly(
        app.toAbsolutePath(), a.toAbsolutePath(), b.toAbsolutePath(), dir.resolve("my lib").toAbsolutePath());
  }

  @Test
  void jarManifestClassPathEntriesAreUrls(@TempDir final Path dir) throws Exception {
    final Path app = jar(dir.resolve("app.jar"), "x/Main.class", Map.of("Main-Class", "x.Main",
        "Class-Path", "my%20lib/lib.jar"));
    final Path lib = jar(dir.resolve("my lib/lib.jar"), "y/A.class", Map.of());
    final JavaCommand c = JavaCommand.parse(List.of("java", "-jar", app.toString(), "arg"), Map.of());
    assertThat(c.classpath()).containsExactly(app, lib.toAbsolutePath());
    assertThat(c.jar()).isTrue();
    assertThat(c.programArgs()).containsExactly("arg");
  }
}
