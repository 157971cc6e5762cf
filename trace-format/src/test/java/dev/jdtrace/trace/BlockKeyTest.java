package dev.jdtrace.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.trace.TraceDictionary;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BlockKeyTest {

  @Test
  void aProgramBlockAndItsTraceDictionaryEntryHaveOneKeyAndNoTwoBlocksShareIt() {
    final Program program = ProgramLoader.load(List.of(Path.of("target/classes")),
        new ClassFilter(List.of("dev.jdtrace.trace.*"), List.of()));
    final TraceDictionary dictionary = TraceDictionary.of(new IcfgModel(IcfgModel.Structure.of(program, List.of()),
        new BitSet()));
    final Set<BlockKey> keys = new HashSet<>();
    for (int b = 0; b < program.blockCount(); b++) {
      assertThat(BlockKey.of(dictionary, b)).isEqualTo(BlockKey.of(program, b));
      assertThat(keys.add(BlockKey.of(program, b))).as("block %d's key is unique", b).isTrue();
    }
    assertThat(keys).hasSizeGreaterThan(100);
  }
}
