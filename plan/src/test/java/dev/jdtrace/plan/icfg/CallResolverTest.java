package dev.jdtrace.plan.icfg;

import static dev.jdtrace.plan.icfg.IcfgFixture.PROGRAM;
import static dev.jdtrace.plan.icfg.IcfgFixture.SHOP;
import static dev.jdtrace.plan.icfg.IcfgFixture.callTo;
import static dev.jdtrace.plan.icfg.IcfgFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallResolverTest {
  private final CallResolver resolver = new CallResolver(new Hierarchy(PROGRAM), false);

  private CallTargets at(final int block) {
    return resolver.resolve(PROGRAM.block(block).call());
  }

  @Test
  void virtualCallReachesEveryTracedOverrideOnly() {
    final CallTargets t = at(callTo(method(SHOP, "first(L" + SHOP.replace('.', '/') + "$Item;)Ljava/lang/String;"),
        "name"));
    assertThat(t.traced()).containsExactlyInAnyOrder(method(SHOP + "$Apple", "name()Ljava/lang/String;"),
        method(SHOP + "$Pear", "name()Ljava/lang/String;"));
    assertThat(t.external()).isFalse();
  }

  @Test
  void interfaceCallMayAlsoRunUntracedCode() {
    // Priced.price() through an interface: lambda or proxy implementations would be untraced.
    final CallTargets t = at(callTo(method(SHOP + "$Priced", "discounted()I"), "price"));
    assertThat(t.traced()).contains(method(SHOP + "$Apple", "price()I"), method(SHOP + "$Pear", "price()I"));
    assertThat(t.external()).isTrue();
  }

  @Test
  void privateCallIsDirectAndJdkCallIsExternal() {
    final int applePrice = method(SHOP + "$Apple", "price()I");
    assertThat(at(callTo(applePrice, "helper"))).isEqualTo(new CallTargets(
        List.of(method(SHOP + "$Apple", "helper(I)I")), false));
    assertThat(at(callTo(method(SHOP, "main([Ljava/lang/String;)V"), "sort")).external()).isTrue();
  }

  @Test
  void callbacksAreOverridesOfUntracedMethodsLambdasClinitAndMain() {
    final BitSet callbacks = Callbacks.of(PROGRAM, resolver, List.of(), false);
    // javac's bridge compare(Object, Object) overrides Comparator.compare and calls the typed one directly.
    assertThat(callbacks.get(method(SHOP + "$ByPrice", "compare(Ljava/lang/Object;Ljava/lang/Object;)I")))
        .as("bridge overrides Comparator").isTrue();
    assertThat(callbacks.get(method(SHOP + "$Item", "toString()Ljava/lang/String;"))).isTrue();
    assertThat(callbacks.get(method(SHOP + "$Item", "<clinit>()V"))).isTrue();
    assertThat(callbacks.get(method(SHOP, "main([Ljava/lang/String;)V"))).isTrue();
    assertThat(callbacks.get(method(SHOP, "lambda$twice$0(I)I"))).as("lambda body").isTrue();
    assertThat(callbacks.get(method(SHOP + "$Apple", "helper(I)I"))).as("private helper").isFalse();
    assertThat(callbacks.get(method(SHOP, "total(Ljava/util/List;)I"))).isFalse();
  }

  @Test
  void newStartsTheSuperclassInitialiser() {
    final InitTriggers inits = new InitTriggers(new Hierarchy(PROGRAM));
    final int main = method(SHOP, "main([Ljava/lang/String;)V");
    final int[] clinits = inits.of(PROGRAM.block(PROGRAM.blockId(main, 0)));
    assertThat(clinits).contains(method(SHOP + "$Item", "<clinit>()V"));
    final int itemInit = method(SHOP + "$Item", "<clinit>()V");
    assertThat(inits.of(PROGRAM.block(PROGRAM.blockId(itemInit, 0)))).as("Counter.next() in Item's initialiser")
        .doesNotContain(itemInit);
  }
}
