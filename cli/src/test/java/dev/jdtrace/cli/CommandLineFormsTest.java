package dev.jdtrace.cli;

import static dev.jdtrace.cli.Cli.assertOneLine;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What runs is what is traced, whatever form the java command takes: argfiles reach the JVM as given, the
 * class path is the JVM's (manifest {@code Class-Path} of every jar, as URLs), and what jdtrace cannot trace
 * (modules, a JDWP agent of the program's own, a traced class from outside the class path) is refused in one
 * line instead of traced in part. The programs are compiled into a fresh folder by each test.
 */
class CommandLineFormsTest {
  @TempDir
  Path dir;

  /** Compiled classes: p.P (prints its arguments and -Dp), p.Main (calls com.y.Lib), p.Loader, p.plug.Plugin. */
  private Path classes;

  @BeforeEach
  void compile() throws Exception {
    write("p/P.java", """
        package p;
        public class P {
          public static void main(String[] a) {
            StringBuilder s = new StringBuilder("n=" + a.length);
            for (String x : a) {
              s.append(" [").append(x).append(']');
            }
            System.out.println(s + " p=" + System.getProperty("p"));
          }
        }""");
    write("p/Main.java", """
        package p;
        public class Main {
          public static void main(String[] a) {
            int n = 0;
            for (int i = 0; i < 3; i++) {
              n += com.y.Lib.f(i);
            }
            System.out.println("sum " + n);
          }
        }""");
    write("com/y/Lib.java", """
        package com.y;
        public class Lib {
          public static int f(int i) {
            if (i % 2 == 0) {
              return i * 2;
            }
            return i + 1;
          }
        }""");
    write("p/Loader.java", """
        package p;
        public class Loader {
          public static void main(String[] a) throws Exception {
            java.net.URL u = java.nio.file.Path.of(a[0]).toUri().toURL();
            try (java.net.URLClassLoader l = new java.net.URLClassLoader(new java.net.URL[] {u},
                Loader.class.getClassLoader())) {
              ((Runnable) l.loadClass("p.plug.Plugin").getDeclaredConstructor().newInstance()).run();
            }
          }
        }""");
    write("p/plug/Plugin.java", """
        package p.plug;
        public class Plugin implements Runnable {
          public void run() {
            int s = 0;
            for (int i = 0; i < 4; i++) {
              if (i % 2 == 0) {
                s += i;
              }
            }
            System.out.println("plugin " + s);
          }
        }""");
    write("p/Prox.java", """
        package p;
        interface Greet {
          String greet(String who);
        }
        public class Prox implements java.lang.reflect.InvocationHandler {
          public Object invoke(Object proxy, java.lang.reflect.Method m, Object[] a) {
            return a[0].toString().isEmpty() ? "nobody" : "hello " + a[0];
          }
          public static void main(String[] a) {
            Greet g = (Greet) java.lang.reflect.Proxy.newProxyInstance(Prox.class.getClassLoader(),
                new Class<?>[] {Greet.class}, new Prox());
            System.out.println(g.greet("x") + " " + g.greet("") + " " + g.getClass().getName());
          }
        }""");
    classes = dir.resolve("classes");
    final List<String> args = new ArrayList<>(List.of("-d", classes.toString()));
    try (Stream<Path> files = Files.walk(dir.resolve("src"))) {
      files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
    }
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new))).isZero();
  }

  private void write(final String path, final String source) throws Exception {
    final Path file = dir.resolve("src").resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, source);
  }

  /** A folder or jar in dir holding some of the compiled classes (by their class file paths). */
  private Path folder(final String name, final String... classFiles) throws Exception {
    final Path folder = dir.resolve(name);
    for (final String c : classFiles) {
      Files.createDirectories(folder.resolve(c).getParent());
      Files.copy(classes.resolve(c), folder.resolve(c));
    }
    return folder;
  }

  private Path jar(final String name, final Map<String, String> manifest, final String... classFiles)
      throws Exception {
    final Path jar = dir.resolve(name);
    Files.createDirectories(jar.getParent());
    final Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.forEach((k, v) -> m.getMainAttributes().putValue(k, v));
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
      for (final String c : classFiles) {
        out.putNextEntry(new JarEntry(c));
        out.write(Files.readAllBytes(classes.resolve(c)));
      }
    }
    return jar;
  }

  /** {@code jdtrace ARGS} in its own JVM, in dir, with these variables added: exit code, stdout, stderr. */
  private Cli.Outcome jdtrace(final Map<String, String> env, final String... args) throws Exception {
    final List<String> command = new ArrayList<>(List.of(Cli.JAVA, "-Djdtrace.cache=" + System.getProperty(
        "jdtrace.cache"), "-cp", System.getProperty("java.class.path"), "dev.jdtrace.cli.Main"));
    command.addAll(List.of(args));
    final ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectError(dir.resolve("jdtrace.stderr").toFile());
    pb.environment().putAll(env);
    final Process p = pb.start();
    final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    final int code = p.waitFor();
    return new Cli.Outcome(code, out, Files.readString(dir.resolve("jdtrace.stderr")));
  }

  /** What the command prints run by java itself in dir: what it must print under jdtrace. */
  private String java(final String... command) throws Exception {
    final Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    return out;
  }

  /** The blocks export of a default run and of an all-blocks one-session run, which must agree. */
  private List<String> exactBlocks(final List<String> options, final List<String> command) throws Exception {
    final List<String> traced = Cli.blocks(dir, options, command);
    final List<String> all = new ArrayList<>(options);
    all.addAll(List.of("--profile", "all-blocks", "--sessions", "1"));
    assertThat(traced).isEqualTo(Cli.blocks(dir, all, command));
    return traced;
  }

  @Test
  void anArgfileAfterTheMainClassReachesTheProgramAsGiven() throws Exception {
    Files.writeString(dir.resolve("data.txt"), "x y\n");
    final Cli.Outcome o = jdtrace(Map.of(), "run", "-o", "t.trace", "--", Cli.JAVA, "-cp", "classes", "p.P",
        "@data.txt");
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.out()).isEqualTo("n=1 [@data.txt] p=null\n").isEqualTo(java(Cli.JAVA, "-cp", "classes", "p.P",
        "@data.txt"));
  }

  @Test
  void anArgfileInTheLaunchersSyntaxIsReadAsJavaReadsIt() throws Exception {
    Files.writeString(dir.resolve("opts.txt"), "# the program's options\n-Dp=\"hello world\"\n-cp 'classes'\n"
        + "p.P \"one arg\" \\\n");
    final Cli.Outcome o = jdtrace(Map.of(), "run", "-o", "t.trace", "--", Cli.JAVA, "@opts.txt", "two");
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.out()).isEqualTo("n=3 [one arg] [\\] [two] p=hello world\n")
        .isEqualTo(java(Cli.JAVA, "@opts.txt", "two"));
    assertThat(o.err()).contains("tracing com.y.*, p.*, p.plug.* (the classes of classes)");
  }

  @Test
  void theManifestClassPathOfAClassPathJarIsTraced() throws Exception {
    jar("lib/lib.jar", Map.of(), "com/y/Lib.class");
    final Path app = jar("app.jar", Map.of("Class-Path", "lib/lib.jar"), "p/Main.class");
    final List<String> blocks = exactBlocks(List.of("--include", "p.*", "--include", "com.y.*"),
        List.of(Cli.JAVA, "-cp", app.toString(), "p.Main"));
    assertThat(blocks).anyMatch(b -> b.contains("\tcom.y.Lib\t"));
  }

  @Test
  void aMultiReleaseJarsVersionedClassIsTheOneTraced() throws Exception {
    // The JVM loads META-INF/versions/9's Lib, whose f has another branch: planning the plain one got it refused.
    write("v9/com/y/Lib.java", """
        package com.y;
        public class Lib {
          public static int f(int i) {
            if (i > 1) {
              return -i;
            }
            return i % 2 == 0 ? i * 2 : i + 1;
          }
        }""");
    final Path v9 = dir.resolve("classes-9");
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", v9.toString(),
        dir.resolve("src/v9/com/y/Lib.java").toString())).isZero();
    final Path lib = jar("mr/lib.jar", Map.of("Multi-Release", "true"), "com/y/Lib.class");
    try (FileSystem zip = FileSystems.newFileSystem(lib)) {
      Files.createDirectories(zip.getPath("META-INF/versions/9/com/y"));
      Files.copy(v9.resolve("com/y/Lib.class"), zip.getPath("META-INF/versions/9/com/y/Lib.class"));
    }
    final List<String> command = List.of(Cli.JAVA, "-cp", folder("main", "p/Main.class") + ":" + lib, "p.Main");
    assertThat(java(command.toArray(String[]::new))).isEqualTo("sum 0\n");
    final List<String> blocks = exactBlocks(List.of("--include", "p.*", "--include", "com.y.*"), command);
    assertThat(blocks).anyMatch(b -> b.contains("\tcom.y.Lib\t"));
  }

  @Test
  void manifestClassPathEntriesAreUrls() throws Exception {
    jar("my lib/lib.jar", Map.of(), "com/y/Lib.class");
    final Path app = jar("app.jar", Map.of("Main-Class", "p.Main", "Class-Path", "my%20lib/lib.jar"), "p/Main.class");
    final List<String> blocks = exactBlocks(List.of("--include", "p.*", "--include", "com.y.*"),
        List.of(Cli.JAVA, "-jar", app.toString()));
    assertThat(blocks).anyMatch(b -> b.contains("\tcom.y.Lib\t"));
  }

  @Test
  void aTracedClassLoadedFromOutsideTheClassPathStopsTheRunInOneLine() throws Exception {
    final Path loader = folder("loader", "p/Loader.class");
    final Path plugins = folder("plugins", "p/plug/Plugin.class");
    final Path trace = dir.resolve("t.trace");
    final Cli.Outcome o = Cli.execute("run", "--stdin", "/dev/null", "-o", trace.toString(), "--include", "p.*", "--",
        Cli.JAVA, "-cp", loader.toString(), "p.Loader", plugins.toString());
    assertOneLine(o, Failures.JDTRACE, "the program loaded traced class p.plug.Plugin from outside its class path");
    assertThat(o.err()).contains("--exclude p.plug.Plugin").contains("on -cp");
    assertThat(trace).doesNotExist();
    // Excluded, the rest is traced.
    assertThat(exactBlocks(List.of("--include", "p.*", "--exclude", "p.plug.*"),
        List.of(Cli.JAVA, "-cp", loader.toString(), "p.Loader", plugins.toString())))
        .allMatch(b -> b.contains("\tp.Loader\t"));
  }

  @Test
  void aTracedClassASessionLoadsFromOutsideTheClassPathStopsTheRunToo() throws Exception {
    final Path loader = folder("loader", "p/Loader.class");
    final Path plugins = folder("plugins", "p/plug/Plugin.class");
    final Path trace = dir.resolve("t.trace");
    // No first run: the session is the first to see the class.
    final Cli.Outcome o = Cli.execute("run", "--all-classes", "--stdin", "/dev/null", "-o", trace.toString(),
        "--include", "p.*", "--", Cli.JAVA, "-cp", loader.toString(), "p.Loader", plugins.toString());
    assertOneLine(o, Failures.JDTRACE, "the program loaded traced class p.plug.Plugin from outside its class path");
    assertThat(trace).doesNotExist();
  }

  @Test
  void aDynamicProxyInATracedPackageIsGeneratedCodeAndLeftOut() throws Exception {
    assertThat(java(Cli.JAVA, "-cp", "classes", "p.Prox")).isEqualTo("hello x nobody p.$Proxy0\n");
    assertThat(exactBlocks(List.of("--include", "p.*"), List.of(Cli.JAVA, "-cp", classes.toString(), "p.Prox")))
        .anyMatch(b -> b.contains("\tp.Prox\tinvoke(")).noneMatch(b -> b.contains("$Proxy"));
  }

  @Test
  void modulesAreRefusedInOneLine() {
    for (final List<String> command : List.of(List.of("-p", "mods", "-m", "app/com.x.Main"),
        List.of("--module-path=mods", "--module=app/com.x.Main"))) {
      final List<String> args = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "-o",
          dir.resolve("t.trace").toString(), "--", Cli.JAVA));
      args.addAll(command);
      assertOneLine(Cli.execute(args.toArray(String[]::new)), Failures.JDTRACE, "uses modules");
    }
  }

  @Test
  void optionsWithASeparateValueAreNotTheMainClass() throws Exception {
    exactBlocks(List.of(), List.of(Cli.JAVA, "--enable-native-access", "ALL-UNNAMED", "--add-opens",
        "java.base/java.lang=ALL-UNNAMED", "-cp", classes.toString(), "p.P", "a"));
  }

  @Test
  void theClassPathInJdkJavaOptionsIsHonoured() throws Exception {
    final Cli.Outcome o = jdtrace(Map.of("JDTRACE_TARGET_JDK_JAVA_OPTIONS", "-cp classes -Dp=env"), "run", "-o",
        "t.trace", "--", Cli.JAVA, "p.P");
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.out()).isEqualTo("n=0 p=env\n");
  }

  @Test
  void aJdwpAgentOfTheProgramsOwnIsRefusedUpFront() throws Exception {
    assertOneLine(Cli.execute("run", "--stdin", "/dev/null", "-o", dir.resolve("t.trace").toString(), "--", Cli.JAVA,
        "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0", "-cp", classes.toString(),
        "p.P"), Failures.JDTRACE, "the java command already loads a JDWP agent");
    // As the launchers leave it: kept from jdtrace's JVM, still the program's.
    final Cli.Outcome o = jdtrace(Map.of("JDTRACE_TARGET_JAVA_TOOL_OPTIONS",
        "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0"), "run", "-o", "t.trace", "--",
        Cli.JAVA, "-cp", "classes", "p.P");
    assertOneLine(o, Failures.JDTRACE, "JAVA_TOOL_OPTIONS already loads a JDWP agent");
    assertThat(o.out()).isEmpty();
  }

  @Test
  void javaToolOptionsKeptByTheLauncherReachTheProgram() throws Exception {
    final Cli.Outcome o = jdtrace(Map.of("JDTRACE_TARGET_JAVA_TOOL_OPTIONS", "-Dp=tool"), "run", "-o", "t.trace",
        "--", Cli.JAVA, "-cp", "classes", "p.P");
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.out()).isEqualTo("n=0 p=tool\n");
  }
}
