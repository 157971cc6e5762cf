package dev.jdtrace.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GeneratedClassesTest {
  @Test
  void lambdaAndDynamicProxiesAreGeneratedOtherClassesAreNot() {
    assertThat(GeneratedClasses.isGenerated("p.Main$$Lambda$14/0x0000000800c03000")).isTrue();
    assertThat(GeneratedClasses.isGenerated("p.$Proxy0")).isTrue();
    assertThat(GeneratedClasses.isGenerated("$Proxy12")).isTrue();
    assertThat(GeneratedClasses.isGenerated("p.plug.Plugin")).isFalse();
    assertThat(GeneratedClasses.isGenerated("p.$ProxyFactory")).isFalse();
    assertThat(GeneratedClasses.isGenerated("p.Outer$Proxy1")).isFalse();
  }
}
