package dev.jdtrace.bench.scale;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The scaling workload: a generated program in {@value #PACKAGE} with {@code units} classes of the same shape
 * (a loop over a switch whose arms branch, call a helper and throw and catch now and then), compiled here with
 * the JDK's compiler. {@code Scale CALLS} makes CALLS calls, the i-th to unit {@code i % units}; each call
 * enters about the same number of blocks. So the number of loaded blocks grows with {@code units} and the trace
 * length with {@code calls}, independently.
 */
public final class ScaleProgram {
  /** The generated classes' package. */
  public static final String PACKAGE = "dev.jdtrace.programs.scale";
  /** The generated main class. */
  public static final String MAIN = PACKAGE + ".Scale";

  private ScaleProgram() {
  }

  /**
   * Writes and compiles the program with {@code units} unit classes into {@code dir} (emptied first when it
   * holds an older build of another size).
   *
   * @return the classes folder, the classpath of {@link #MAIN}
   */
  public static Path compile(final Path dir, final int units) throws IOException {
    if (units < 1) {
      throw new IllegalArgumentException("units must be at least 1, not " + units);
    }
    final Path src = dir.resolve("src");
    final Path classes = dir.resolve("classes");
    final Path pkg = src.resolve(PACKAGE.replace('.', '/'));
    Files.createDirectories(pkg);
    Files.createDirectories(classes);
    final List<String> files = new ArrayList<>();
    for (int u = 0; u < units; u++) {
      files.add(write(pkg.resolve("Unit" + u + ".java"), unit(u)));
    }
    files.add(write(pkg.resolve("Scale.java"), main(units)));
    final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("the scaling workload needs a JDK (javax.tools has no compiler here)");
    }
    final List<String> args = new ArrayList<>(List.of("-g", "--release", "17", "-d", classes.toString()));
    args.addAll(files);
    if (javac.run(null, null, null, args.toArray(String[]::new)) != 0) {
      throw new IllegalStateException("the generated scaling program did not compile: " + src);
    }
    return classes;
  }

  private static String write(final Path file, final String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file.toString();
  }

  /** One unit: its constants differ, its shape does not. */
  static String unit(final int u) {
    final int a = 3 + u % 7;
    final int b = 5 + u % 11;
    return """
        package %1$s;

        /** Generated unit %2$d of the scaling workload. */
        public final class Unit%2$d {
          private Unit%2$d() {
          }

          public static long step(long acc, final int k) {
            for (int j = 0; j < 4; j++) {
              switch ((int) ((acc + j + k) & 3)) {
                case 0 -> acc = acc * 31 + %3$d;
                case 1 -> acc ^= (acc >>> 3) + %4$d;
                case 2 -> {
                  if ((acc & 1) == 0) {
                    acc += %3$d;
                  } else {
                    acc -= %4$d;
                  }
                }
                default -> acc = helper(acc, j);
              }
            }
            if (k %% 16 == %2$d %% 16) {
              try {
                acc = check(acc);
              } catch (final IllegalStateException e) {
                acc += e.getMessage().length();
              }
            }
            return acc;
          }

          private static long helper(final long a, final int j) {
            return (a & 4) == 0 ? a + j * %3$d : a - j;
          }

          private static long check(final long a) {
            if ((a & 2) == 0) {
              throw new IllegalStateException("even");
            }
            return a + 1;
          }
        }
        """.formatted(PACKAGE, u, a, b);
  }

  static String main(final int units) {
    final StringBuilder cases = new StringBuilder();
    for (int u = 0; u < units; u++) {
      cases.append("      case ").append(u).append(" -> Unit").append(u).append(".step(acc, c);\n");
    }
    return """
        package %1$s;

        /** Generated main of the scaling workload: Scale CALLS. */
        public final class Scale {
          private Scale() {
          }

          public static void main(final String[] args) {
            final int calls = Integer.parseInt(args[0]);
            long acc = 1;
            for (int c = 0; c < calls; c++) {
              acc = call(c %% %2$d, acc, c);
            }
            System.out.println("scale: units=%2$d calls=" + calls + " acc=" + Long.toHexString(acc));
          }

          private static long call(final int unit, final long acc, final int c) {
            return switch (unit) {
        %3$s      default -> throw new IllegalArgumentException("no unit " + unit);
            };
          }
        }
        """.formatted(PACKAGE, units, cases);
  }
}
