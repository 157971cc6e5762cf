package dev.jdtrace.bench.planning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.icfg.CallResolver;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.icfg.Hierarchy;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Program;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Speeding up the planner must not change a plan: the witnesses, repair counts, decision units and the
 * sessions of two strategies, for the test programs and two real libraries, closed and open world, hash to
 * the digests recorded (in {@code plan-digests.properties}) from the planner before it was made faster.
 */
class PlanUnchangedTest {

  @ParameterizedTest
  @ValueSource(strings = {"programs-closed", "programs-open", "programs-conditions", "math3-closed",
      "math3-open", "guava-closed"})
  void planHashesToTheRecordedDigest(final String name) throws Exception {
    assertThat(digest(name)).isEqualTo(recorded().getProperty(name));
  }

  /** Prints every digest, to record them again when a plan is meant to change. */
  public static void main(final String[] args) throws Exception {
    for (final String name : List.of("programs-closed", "programs-open", "programs-conditions", "math3-closed",
        "math3-open", "guava-closed")) {
      System.out.println(name + "=" + digest(name));
    }
  }

  private static Properties recorded() throws IOException {
    final Properties p = new Properties();
    try (InputStream in = PlanUnchangedTest.class.getResourceAsStream("plan-digests.properties")) {
      p.load(in);
    }
    return p;
  }

  private static String digest(final String name) throws Exception {
    final String[] parts = name.split("-");
    final Path jar;
    final String pattern;
    switch (parts[0]) {
      case "programs" -> {
        jar = where(dev.jdtrace.programs.Sample.class);
        pattern = "dev.jdtrace.programs.*";
      }
      case "math3" -> {
        jar = where(org.apache.commons.math3.util.FastMath.class);
        pattern = "*";
      }
      default -> {
        jar = where(com.google.common.collect.ImmutableList.class);
        pattern = "*";
      }
    }
    final boolean open = parts[1].equals("open");
    final ProfileKind kind = parts[1].equals("conditions") ? ProfileKind.CONDITION_TARGETS : ProfileKind.OPTIMAL;
    final Program program = ProgramLoader.load(List.of(jar), new ClassFilter(List.of(pattern), List.of()));
    final IcfgModel.Structure structure = open
        ? IcfgModel.Structure.of(program, new CallResolver(new Hierarchy(program), true), List.of(jar), true,
            new BitSet())
        : IcfgModel.Structure.of(program, List.of(jar));
    final IcfgPlanner.Result planned = IcfgPlanner.plan(structure, kind, Weights.staticEstimate());
    final DecisionUnits groups = DecisionUnits.of(planned.model());
    final MessageDigest sha = MessageDigest.getInstance("SHA-256");
    add(sha, planned.witnesses());
    add(sha, planned.repairs(), planned.rounds(), groups.units().size());
    sha.update(Double.toString(planned.expectedHits()).getBytes(StandardCharsets.UTF_8));
    for (final DecisionUnits.Unit u : groups.units()) {
      add(sha, u.choice(), u.untraced() ? 1 : 0);
      add(sha, u.own());
      add(sha, u.shared());
    }
    for (final Strategy strategy : List.of(Strategy.FUNCTION, Strategy.OPTIMIZED)) {
      final Distributor distributor = new Distributor(program, groups, strategy);
      // A cap no unit exceeds, as recorded (Theorem 2 splits units only under lower caps, see Distributor).
      final int cap = Math.max(Math.max(1, distributor.largestUnit()), planned.witnesses().cardinality() / 3);
      for (final BitSet session : distributor.split(4, cap, planned.blockWeights())) {
        add(sha, session);
      }
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static Path where(final Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static void add(final MessageDigest sha, final BitSet set) {
    add(sha, set.stream().toArray());
    add(sha, -1);
  }

  private static void add(final MessageDigest sha, final int... values) {
    final ByteBuffer b = ByteBuffer.allocate(4 * values.length + 4);
    b.putInt(values.length);
    for (final int v : values) {
      b.putInt(v);
    }
    sha.update(b.array());
  }
}
