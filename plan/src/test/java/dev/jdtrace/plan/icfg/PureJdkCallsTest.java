package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.CallSite.Kind;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.Program;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * JDK calls proven pure from the bodies of the JDK these tests run on, and calls refused because some way
 * through them can reach a method a program may override.
 */
class PureJdkCallsTest {
  private static final JdkImage IMAGE = JdkImage.ofLauncher(JavaCommand.currentJava(), Map.of()).orElseThrow();
  private static final Program NOTHING_EXTENDED = new Program(List.of(traced("app.Main", "java.lang.Object")));
  /** A traced exception: the JDK's RuntimeException constructor may run on an object of a traced class. */
  private static final Program EXTENDS_RUNTIME_EXCEPTION = new Program(List.of(traced("app.Main",
      "java.lang.Object"), traced("app.Failure", "java.lang.RuntimeException")));

  private static ClassModel traced(final String name, final String superName) {
    return new ClassModel(name, superName, List.of(), 0x0021, null, "", List.of(),
        List.of("fillInStackTrace()Ljava/lang/Throwable;"), List.of(), List.of());
  }

  private static PureJdkCalls calls(final Program program, final boolean systemAssertions) {
    return PureJdkCalls.of(program, Optional.of(new TargetJdk(IMAGE, systemAssertions, null)), Set.of(), List.of());
  }

  private static boolean pure(final Kind kind, final String owner, final String name, final String descriptor) {
    return calls(NOTHING_EXTENDED, false).isPure(new CallSite(kind, owner, name, descriptor));
  }

  @Test
  void staticCallsWhoseBodiesStayInTheJdkArePure() {
    assertThat(pure(Kind.STATIC, "java.util.Optional", "ofNullable", "(Ljava/lang/Object;)Ljava/util/Optional;"))
        .isTrue();
    // It may throw a NullPointerException: constructing it runs only the JDK's exception constructors.
    assertThat(pure(Kind.STATIC, "java.util.Objects", "requireNonNull", "(Ljava/lang/Object;)Ljava/lang/Object;"))
        .isTrue();
  }

  @Test
  void staticCallsThatCallAnArgumentsMethodAreNot() {
    assertThat(pure(Kind.STATIC, "java.util.Objects", "hashCode", "(Ljava/lang/Object;)I")).isFalse();
    assertThat(pure(Kind.STATIC, "java.util.Objects", "toString", "(Ljava/lang/Object;)Ljava/lang/String;"))
        .isFalse();
    assertThat(pure(Kind.STATIC, "java.util.Collections", "sort", "(Ljava/util/List;)V")).isFalse();
  }

  @Test
  void virtualCallsAreProvenOnlyWhereNoOverrideCanBeSelected() {
    // String is final; Object.getClass is a final native method that runs no Java code.
    assertThat(pure(Kind.VIRTUAL, "java.lang.String", "equals", "(Ljava/lang/Object;)Z")).isTrue();
    assertThat(pure(Kind.VIRTUAL, "java.lang.Object", "getClass", "()Ljava/lang/Class;")).isTrue();
    assertThat(pure(Kind.VIRTUAL, "java.util.Optional", "get", "()Ljava/lang/Object;")).isTrue();
    assertThat(pure(Kind.VIRTUAL, "java.util.Optional", "map",
        "(Ljava/util/function/Function;)Ljava/util/Optional;")).as("calls the function").isFalse();
    assertThat(pure(Kind.INTERFACE, "java.util.List", "size", "()I")).isFalse();
  }

  @Test
  void aVirtualCallOnAClassNotFinalIsProvenForEveryJdkReceiverWhenNoClassOfTheProgramExtendsIt() {
    final CallSite pop = new CallSite(Kind.VIRTUAL, "java.util.Stack", "pop", "()Ljava/lang/Object;");
    assertThat(calls(NOTHING_EXTENDED, false).isPure(pop)).isTrue();
    final Program stackOfItsOwn = new Program(List.of(traced("app.Main", "java.lang.Object"),
        traced("app.Plates", "java.util.Stack")));
    assertThat(calls(stackOfItsOwn, false).isPure(pop)).as("a traced Stack may override size()").isFalse();
    assertThat(PureJdkCalls.of(NOTHING_EXTENDED, Optional.of(new TargetJdk(IMAGE, false, null)), null, List.of())
        .isPure(pop)).as("untraced classes not known").isFalse();
    assertThat(calls(NOTHING_EXTENDED, false).isPure(new CallSite(Kind.VIRTUAL, "java.util.ArrayList", "forEach",
        "(Ljava/util/function/Consumer;)V"))).as("calls the consumer").isFalse();
  }

  @Test
  void aConstructorIsPureUnlessItCallsBackOrATracedClassExtendsItsClass() {
    assertThat(pure(Kind.SPECIAL, "java.util.ArrayList", "<init>", "(I)V")).isTrue();
    assertThat(pure(Kind.SPECIAL, "java.util.ArrayList", "<init>", "(Ljava/util/Collection;)V"))
        .as("calls the collection's toArray").isFalse();
    final CallSite failure = new CallSite(Kind.SPECIAL, "java.lang.RuntimeException", "<init>",
        "(Ljava/lang/String;)V");
    assertThat(calls(NOTHING_EXTENDED, false).isPure(failure)).isTrue();
    // Throwable's constructor calls fillInStackTrace on the new object, which a traced subclass overrides.
    assertThat(calls(EXTENDS_RUNTIME_EXCEPTION, false).isPure(failure)).isFalse();
    assertThat(calls(EXTENDS_RUNTIME_EXCEPTION, false).isPure(new CallSite(Kind.SPECIAL,
        "java.lang.IllegalStateException", "<init>", "(Ljava/lang/String;)V"))).as("no traced subclass").isTrue();
  }

  @Test
  void anAssertsFailureBranchCountsOnlyWithSystemAssertions() {
    // Past ArrayList(int)'s message, StringBuilder's asserts build theirs with String.valueOf(Object).
    final CallSite sized = new CallSite(Kind.SPECIAL, "java.util.ArrayList", "<init>", "(I)V");
    assertThat(calls(NOTHING_EXTENDED, false).isPure(sized)).isTrue();
    assertThat(calls(NOTHING_EXTENDED, true).isPure(sized)).isFalse();
  }

  @Test
  void systemAssertionsAreReadFromTheJvmOptionsOnly() {
    assertThat(systemAssertions("-esa", "-cp", "target/test-classes", "dev.jdtrace.plan.fixtures.Shop")).isTrue();
    assertThat(systemAssertions("-ea:java.util...", "-cp", "target/test-classes", "dev.jdtrace.plan.fixtures.Shop")).isTrue();
    assertThat(systemAssertions("-ea", "-cp", "target/test-classes", "dev.jdtrace.plan.fixtures.Shop")).as("the application's only").isFalse();
    assertThat(systemAssertions("-cp", "target/test-classes", "dev.jdtrace.plan.fixtures.Shop", "-esa")).as("the program's argument").isFalse();
  }

  private static boolean systemAssertions(final String... args) {
    final List<String> command = new java.util.ArrayList<>(List.of(JavaCommand.currentJava()));
    command.addAll(List.of(args));
    return TargetJdk.of(JavaCommand.parse(command, Map.of()), Map.of(), null).orElseThrow().systemAssertions();
  }

  @Test
  void aLambdaMadeIsPureAnyOtherInvokedynamicIsNot() {
    assertThat(pure(Kind.DYNAMIC, "java.lang.invoke.LambdaMetafactory", "get", "()Ljava/util/function/Supplier;"))
        .isTrue();
    assertThat(pure(Kind.DYNAMIC, "java.lang.invoke.StringConcatFactory", "makeConcatWithConstants",
        "(Ljava/lang/Object;)Ljava/lang/String;")).as("calls toString").isFalse();
  }

  @Test
  void withoutAnImageOnlyValueClassesArePure() {
    final PureJdkCalls none = PureJdkCalls.of(NOTHING_EXTENDED, Optional.empty(), Set.of(), List.of());
    assertThat(none.isPure(new CallSite(Kind.STATIC, "java.lang.Math", "abs", "(I)I"))).isTrue();
    assertThat(none.isPure(new CallSite(Kind.STATIC, "java.util.Optional", "ofNullable",
        "(Ljava/lang/Object;)Ljava/util/Optional;"))).isFalse();
  }
}
