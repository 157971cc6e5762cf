package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.List;

/** The Shop fixture loaded from the test classes, with helpers to find its methods and call blocks. */
final class IcfgFixture {
  static final String SHOP = "dev.jdtrace.plan.fixtures.Shop";
  static final Program PROGRAM = ProgramLoader.load(List.of(Path.of("target/test-classes")),
      new ClassFilter(List.of(SHOP, SHOP + "$*"), List.of()));

  private IcfgFixture() {
  }

  static int method(final String cls, final String nameAndDescriptor) {
    final int split = nameAndDescriptor.indexOf('(');
    final int m = PROGRAM.methodIndex(new MethodId(cls, nameAndDescriptor.substring(0, split),
        nameAndDescriptor.substring(split)));
    if (m < 0) {
      throw new IllegalArgumentException("no method " + cls + "." + nameAndDescriptor);
    }
    return m;
  }

  /** The first block of a method that calls {@code name}. */
  static int callTo(final int method, final String name) {
    for (int b = 0; b < PROGRAM.methods().get(method).blocks().size(); b++) {
      final Block block = PROGRAM.methods().get(method).blocks().get(b);
      if (block.end() == BlockEnd.INVOKE && block.call().name().equals(name)) {
        return PROGRAM.blockId(method, b);
      }
    }
    throw new IllegalArgumentException("no call to " + name);
  }
}
