package dev.jdtrace.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EndpointTest {
  @Test
  void parsesHostAndPort() {
    assertThat(Endpoint.parse("127.0.0.1:5005")).isEqualTo(new Endpoint("127.0.0.1", 5005));
    assertThat(Endpoint.parse("db-7.internal:8000")).isEqualTo(new Endpoint("db-7.internal", 8000));
    assertThat(Endpoint.parse("[::1]:5005")).isEqualTo(new Endpoint("::1", 5005));
    assertThat(Endpoint.parse("[::1]:5005")).hasToString("[::1]:5005");
  }

  @Test
  void refusesMalformedTargets() {
    for (final String bad : new String[] {"localhost", "localhost:", ":5005", "host:0", "host:65536", "host:50x",
        "::1:5005"}) {
      assertThatThrownBy(() -> Endpoint.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("malformed target '" + bad + "'");
    }
  }

  @Test
  void loopbackIsKnownByAddress() {
    assertThat(new Endpoint("127.0.0.1", 1).isLoopback()).isTrue();
    assertThat(new Endpoint("localhost", 1).isLoopback()).isTrue();
    assertThat(new Endpoint("::1", 1).isLoopback()).isTrue();
    assertThat(new Endpoint("10.1.2.3", 1).isLoopback()).isFalse();
  }
}
