package dev.jdtrace.collect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The first pass records the traced classes a run prepares, how often each of their methods ran (once, again, or
 * as often as the JVM counted),
 * the untraced non-JDK classes it loaded, and the traced methods {@code Method.invoke} entered.
 */
class FirstRunTest {
  private static final String PROGRAM = RunCounts.class.getName();

  @Test
  void recordsPreparedClassesHowOftenEachMethodRanAndTheUntracedClasses() {
    final String java = JavaCommand.currentJava();
    final JavaCommand command = JavaCommand.parse(List.of(java, "-cp", System.getProperty("java.class.path"),
        PROGRAM));
    final FirstRun.Loaded loaded = FirstRun.run(command,
        new ClassFilter(List.of(PROGRAM + "*"), List.of()), StandardInput.none(), OutputStream.nullOutputStream(),
        OutputStream.nullOutputStream(), seen -> { });
    assertThat(loaded.exitCode()).isZero();
    assertThat(loaded.classes()).containsExactly(PROGRAM);
    final String m = PROGRAM + ".";
    assertThat(loaded.ran()).containsAllEntriesOf(Map.of(m + "main([Ljava/lang/String;)V", 1, m + "once()I", 1,
        m + "again()I", FirstRun.AGAIN)).doesNotContainKey(m + "never()I");
    // A burst of runs may count from its second request on; never more than the method ran.
    assertThat(loaded.ran().get(m + "five()I")).isBetween(1, 5);
    assertThat(loaded.ran().get(m + "fifty()I")).isBetween(1, 50);
    assertThat(loaded.ran().get(m + "fiveHundred()I")).isBetween(1, 500);
    // The JVM profiled it: counted past the breakpoints' two, though not from its first run nor after C2 compiled
    // it (a loaded machine compiled it after 384 runs counted).
    assertThat(loaded.ran().get(m + "fiveThousand()I")).isBetween(FirstRun.AGAIN + 1, 5000);
    assertThat(loaded.untraced()).contains(Helper.class.getName()).doesNotContain(PROGRAM, "java.lang.String");
  }

  /**
   * Reflection watched: a virtual call is recorded as declared and as the receiver's override it dispatches to,
   * a static and a private method and a constructor as declared; an untraced method reflection enters is not
   * recorded.
   */
  @Test
  void recordsTheTracedMethodsMethodInvokeEnters() {
    final String program = Reflecting.class.getName();
    final JavaCommand command = JavaCommand.parse(List.of(JavaCommand.currentJava(), "-cp",
        System.getProperty("java.class.path"), program));
    final FirstRun.Loaded loaded = FirstRun.run(command, new ClassFilter(List.of(program + "*"), List.of()),
        StandardInput.none(), OutputStream.nullOutputStream(), OutputStream.nullOutputStream(), seen -> { });
    assertThat(loaded.exitCode()).isZero();
    assertThat(loaded.reflected()).containsExactlyInAnyOrder(program + "$Shape.sides()I",
        program + "$Square.sides()I", program + ".twice(I)I", program + ".collatz(I)I", program + "$Square.<init>()V");
  }

  /** Untraced code the traced program calls. */
  static final class Helper {
    static int twice(final int x) {
      return 2 * x;
    }
  }

  /** A program whose methods run 0, 1, 5, 50, 500 and 5,000 times, and one twice, a reflective call apart. */
  static final class RunCounts {
    private static int sum;

    public static void main(final String[] args) throws ReflectiveOperationException {
      once();
      again();
      // A reflective call stops at the debugger's reflection watch, which the debugger handles after every
      // earlier event: once it returns, the breakpoint that counts again()'s second run is set.
      Helper.class.getDeclaredMethod("twice", int.class).invoke(null, 0);
      again();
      for (int i = 0; i < 5000; i++) {
        fiveThousand();
        if (i < 500) {
          fiveHundred();
        }
        if (i < 50) {
          fifty();
        }
        if (i < 5) {
          five();
        }
      }
      if (args.length > 0) {
        never();
      }
      System.out.println(Helper.twice(sum));
    }

    static int never() {
      return sum--;
    }

    static int once() {
      return sum++;
    }

    static int again() {
      return sum++;
    }

    static int five() {
      return sum++;
    }

    static int fifty() {
      return sum++;
    }

    static int fiveHundred() {
      return sum++;
    }

    static int fiveThousand() {
      return sum++;
    }
  }

  /** A program that calls its own methods, and an untraced one, through {@code Method.invoke}, and constructs. */
  static final class Reflecting {
    /** A shape with no sides, whose subclass overrides the reflected method. */
    public static class Shape {
      public int sides() {
        return 0;
      }
    }

    /** The override a reflective call of {@code Shape.sides} dispatches to. */
    public static final class Square extends Shape {
      @Override
      public int sides() {
        return 4;
      }
    }

    public static int twice(final int x) {
      return 2 * x;
    }

    private int collatz(final int x) {
      return x % 2 == 0 ? x / 2 : 3 * x + 1;
    }

    public static void main(final String[] args) throws ReflectiveOperationException {
      final java.lang.reflect.Method sides = Shape.class.getMethod("sides");
      int total = (Integer) sides.invoke(Square.class.getConstructor().newInstance());
      total += (Integer) sides.invoke(new Shape());
      total += (Integer) Reflecting.class.getMethod("twice", int.class).invoke(null, 3);
      final java.lang.reflect.Method collatz = Reflecting.class.getDeclaredMethod("collatz", int.class);
      total += (Integer) collatz.invoke(new Reflecting(), total);
      total += (Integer) Helper.class.getDeclaredMethod("twice", int.class).invoke(null, total);
      System.out.println(total);
    }
  }
}
