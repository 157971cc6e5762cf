package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.ClassFiles;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.bcel.classfile.Constant;
import org.apache.bcel.classfile.ConstantCP;
import org.apache.bcel.classfile.ConstantInterfaceMethodref;
import org.apache.bcel.classfile.ConstantMethodref;
import org.apache.bcel.classfile.ConstantNameAndType;
import org.apache.bcel.classfile.ConstantPool;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.Method;

/**
 * What the untraced, non-JDK classes a run loaded can do that no constant pool shows: enter traced methods
 * chosen at run time (reflection, method handles, proxies, service loading, deserialisation, native code),
 * or be classes no classpath entry holds (generated or loaded from elsewhere), which may extend any traced
 * class unseen. When neither holds, every entry untraced code makes into traced code is one
 * {@link UntracedCallers} reads from their constant pools, and the world needs nothing learned.
 *
 * @param unseen the loaded classes no classpath entry holds, sorted
 * @param unwatched why the untraced code may enter traced methods chosen at run time in a way no run watches,
 *     or empty
 * @param reflection why it may enter them by reflection a run can watch ({@link OpenWorld#WATCHED}), or empty
 */
public record UntracedCode(Set<String> unseen, Optional<String> unwatched, Optional<String> reflection) {
  /** JDK methods that call or create what they are told to at run time, beyond {@link OpenWorld}'s. */
  private static final Set<String> CREATES_BY_NAME = Set.of("java.lang.reflect.Constructor.newInstance",
      "java.lang.Class.newInstance");

  public UntracedCode {
    unseen = Set.copyOf(unseen);
  }

  /**
   * Reads the class files of the loaded untraced classes, the first classpath entry holding one winning as
   * in the JVM.
   *
   * @param loaded binary names of untraced, non-JDK classes a run loaded (hidden classes left out)
   */
  public static UntracedCode of(final List<Path> classpath, final Set<String> loaded) {
    final Set<String> left = new HashSet<>(loaded);
    final TreeMap<String, String> dynamic = new TreeMap<>();
    final TreeMap<String, String> reflects = new TreeMap<>();
    for (final Path entry : classpath) {
      if (left.isEmpty()) {
        break;
      }
      final Set<String> here = new HashSet<>(ClassFiles.classNames(entry));
      here.retainAll(left);
      left.removeAll(here);
      ClassFiles.forEach(entry, here::contains, (name, in) -> dynamicCall(entry, in).forEach(why -> {
        final boolean watchable = OpenWorld.WATCHED.contains(why.substring(why.indexOf(' ') + 1));
        (watchable ? reflects : dynamic).putIfAbsent(name, why);
      }));
    }
    final Set<String> unseen = new TreeSet<>(left);
    final Optional<String> why = !unseen.isEmpty()
        ? Optional.of("the untraced class " + unseen.iterator().next() + " was loaded from no classpath entry")
        : first(dynamic);
    return new UntracedCode(unseen, why, first(reflects));
  }

  /**
   * Why the untraced code may enter traced methods chosen at run time, or empty.
   *
   * @param reflectionWatched whether the runs watch what reflection enters: then it counts for nothing
   */
  public Optional<String> dynamic(final boolean reflectionWatched) {
    return reflectionWatched ? unwatched : unwatched.or(() -> reflection);
  }

  private static Optional<String> first(final TreeMap<String, String> why) {
    return why.isEmpty() ? Optional.empty()
        : Optional.of("the untraced " + why.firstKey() + " " + why.firstEntry().getValue());
  }

  /** How a class file may enter methods chosen at run time: each by-name call ("calls ..."), or native code. */
  private static List<String> dynamicCall(final Path entry, final InputStream in) {
    final JavaClass jc = ClassFiles.parse(entry, in);
    final List<String> out = new java.util.ArrayList<>();
    for (final Method m : jc.getMethods()) {
      if (m.isNative()) {
        return List.of("declares the native method " + m.getName() + " (native code may call any method)");
      }
    }
    final ConstantPool cp = jc.getConstantPool();
    for (final Constant c : cp.getConstantPool()) {
      if (c instanceof ConstantCP ref && (ref instanceof ConstantMethodref || ref instanceof ConstantInterfaceMethodref)) {
        final String callee = ref.getClass(cp).replace('/', '.') + "."
            + cp.getConstant(ref.getNameAndTypeIndex(), ConstantNameAndType.class).getName(cp);
        if ((OpenWorld.callsByName(callee) || CREATES_BY_NAME.contains(callee)) && !out.contains("calls " + callee)) {
          out.add("calls " + callee);
        }
      }
    }
    return out;
  }
}
