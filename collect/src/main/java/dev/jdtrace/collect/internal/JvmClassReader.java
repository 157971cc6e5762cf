package dev.jdtrace.collect.internal;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.NoTracedClassLoadedException;
import dev.jdtrace.collect.RefusedClassesException;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Reads the loaded traced classes of a JVM into the planning model, refusing any class whose code is not
 * all reachable by normal control flow (that code belongs to exception handlers, which JDI cannot show).
 */
public final class JvmClassReader {
  private JvmClassReader() {
  }

  /** The loaded, prepared classes the filter traces, hidden classes and arrays left out, in name order. */
  public static Program read(final VirtualMachine vm, final Endpoint target, final ClassFilter filter) {
    final List<ReferenceType> types = new ArrayList<>(vm.allClasses().stream()
        .filter(t -> t.isPrepared() && !t.name().contains("/") && !t.name().endsWith("]")
            && filter.matches(t.name())).toList());
    types.sort(Comparator.comparing(ReferenceType::name));
    if (types.isEmpty()) {
      throw new NoTracedClassLoadedException(target, filter.includes());
    }
    final Path origin = Path.of("jvm-" + target.host() + "-" + target.port());
    final List<ClassModel> classes = new ArrayList<>();
    final List<String> refused = new ArrayList<>();
    for (final ReferenceType type : types) {
      final ClassModel model = ProgramLoader.read(origin, new ByteArrayInputStream(ClassFileRebuilder.rebuild(type)));
      if (model.methods().stream().allMatch(JvmClassReader::allReachable)) {
        classes.add(model);
      } else {
        refused.add(type.name());
      }
    }
    if (!refused.isEmpty()) {
      throw new RefusedClassesException(target, refused, types.size());
    }
    return new Program(classes);
  }

  private static boolean allReachable(final MethodCfg method) {
    final BitSet seen = new BitSet();
    final Deque<Integer> work = new ArrayDeque<>(List.of(0));
    seen.set(0);
    while (!work.isEmpty()) {
      final Block b = method.blocks().get(work.pop());
      for (final int s : b.successors()) {
        if (!seen.get(s)) {
          seen.set(s);
          work.push(s);
        }
      }
    }
    return seen.cardinality() == method.blocks().size();
  }
}
