package dev.jdtrace.plan.icfg;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.bcel.Const;
import org.apache.bcel.classfile.CodeException;
import org.apache.bcel.classfile.ConstantDynamic;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.Method;
import org.apache.bcel.generic.ATHROW;
import org.apache.bcel.generic.BranchInstruction;
import org.apache.bcel.generic.CPInstruction;
import org.apache.bcel.generic.ConstantPoolGen;
import org.apache.bcel.generic.GETSTATIC;
import org.apache.bcel.generic.Instruction;
import org.apache.bcel.generic.InstructionHandle;
import org.apache.bcel.generic.InstructionList;
import org.apache.bcel.generic.InvokeInstruction;
import org.apache.bcel.generic.LocalVariableInstruction;
import org.apache.bcel.generic.RET;
import org.apache.bcel.generic.ReturnInstruction;
import org.apache.bcel.generic.Select;
import org.apache.bcel.generic.UnconditionalBranch;

/**
 * Proves, from the bytecode of the JDK a program runs on ({@link JdkImage}), that a JDK method cannot run
 * any code outside the JDK, and so cannot call traced code back: every call it can make, followed through
 * the JDK, is a static call, a constructor, a private or final method, a method of a final class or of an
 * object whose exact class is known (an exception it creates and then fills in), or a native method known
 * to run no Java code ({@link #NATIVES}). An interface call, any other virtual call, {@code invokedynamic}
 * and a dynamic constant could reach code of the program's, so one of them anywhere refutes the proof. Class
 * initialisers are not followed: the JDK's, as {@link PureJdkCalls} already trusts, do not call application
 * code. What such a call can do is throw, which the exception record shows.
 */
final class PureJdkBodies {
  /** One prover per image and assertion setting: the proofs hold for every program that runs so. */
  private static final Map<Prover, PureJdkBodies> OF = new HashMap<>();

  private record Prover(JdkImage image, boolean systemAssertions, Path cacheDir) {
  }

  /** At most this many method bodies are read for one proof: past them it is refused, not guessed. */
  private static final int MOST_BODIES = 3000;

  /**
   * Native methods that run no Java code, as {@code class.name}. Each returns or changes plain data; none
   * loads, initialises or calls a class the program names.
   */
  private static final Set<String> NATIVES = Set.of("java.lang.Object.getClass", "java.lang.Object.hashCode",
      "java.lang.Object.clone", "java.lang.Object.notify", "java.lang.Object.notifyAll",
      "java.lang.System.arraycopy", "java.lang.System.identityHashCode", "java.lang.System.nanoTime",
      "java.lang.System.currentTimeMillis", "java.lang.Class.isInstance", "java.lang.Class.isAssignableFrom",
      "java.lang.Class.isInterface", "java.lang.Class.isArray", "java.lang.Class.isPrimitive",
      "java.lang.Class.isHidden", "java.lang.Class.getModifiers", "java.lang.Class.getSuperclass",
      "java.lang.Class.initClassName", "java.lang.Class.getComponentType",
      "java.lang.Throwable.fillInStackTrace", "java.lang.NullPointerException.getExtendedNPEMessage",
      "java.lang.Thread.currentThread", "java.lang.Thread.currentCarrierThread", "java.lang.Thread.holdsLock",
      "java.lang.Thread.onSpinWait", "java.lang.Float.floatToRawIntBits", "java.lang.Float.intBitsToFloat",
      "java.lang.Double.doubleToRawLongBits", "java.lang.Double.longBitsToDouble", "java.lang.String.intern",
      "java.lang.reflect.Array.newArray", "java.lang.reflect.Array.getLength",
      "java.lang.ref.Reference.refersTo0", "java.lang.ref.Reference.clear0",
      "java.lang.ref.PhantomReference.refersTo0", "java.lang.Runtime.availableProcessors");

  /** Prefixes of {@code Unsafe}'s natives that read or write memory, fence or park: no Java code runs. */
  private static final Set<String> UNSAFE_PREFIXES = Set.of("get", "put", "compareAnd", "weakCompareAnd",
      "allocateMemory", "reallocateMemory", "freeMemory", "setMemory", "copyMemory", "copySwapMemory", "park",
      "unpark", "fullFence", "loadFence", "storeFence", "arrayBaseOffset", "arrayIndexScale",
      "objectFieldOffset", "staticFieldOffset", "staticFieldBase", "addressSize", "pageSize");

  /**
   * One method to prove: its declaring class, name and descriptor, and the exact class of its receiver
   * where known ({@code null} when the receiver may be of any subclass, or for a static method).
   */
  private record Body(String owner, String nameAndDescriptor, String exactThis) {
  }

  private final JdkImage image;
  private final boolean systemAssertions;
  private final Set<Body> proven = new HashSet<>();
  private final Map<Body, Boolean> answers = new HashMap<>();
  /**
   * What the queries below answered, by query: kept in jdtrace's cache per JDK, so that a later plan (a run
   * again, or another program) reads no class file for them.
   */
  private final ProofStore store;

  private PureJdkBodies(final Prover p) {
    this.image = p.image();
    this.systemAssertions = p.systemAssertions();
    this.store = ProofStore.of(p.cacheDir(), image.identity() + (systemAssertions ? " system assertions" : ""));
  }

  /**
   * The prover for programs on this JDK.
   *
   * @param systemAssertions whether the JDK's own {@code assert} statements run ({@code -esa}, or {@code -ea:}
   *     naming a package or class, which may be the JDK's)
   * @param cacheDir where its answers are kept between processes, or {@code null}
   */
  static synchronized PureJdkBodies of(final JdkImage image, final boolean systemAssertions, final Path cacheDir) {
    return OF.computeIfAbsent(new Prover(image, systemAssertions, cacheDir), PureJdkBodies::new);
  }

  /** Keeps the answers found since the cache was read, for later processes. */
  synchronized void save() {
    store.save();
  }

  /** Whether a static call (JVMS resolution from {@code owner}) cannot leave the JDK. */
  synchronized boolean staticCall(final String owner, final String nameAndDescriptor) {
    return store.answer("S " + owner + " " + nameAndDescriptor, () -> {
      final Resolved r = resolve(owner, nameAndDescriptor);
      return r != null && proves(new Body(r.owner(), nameAndDescriptor, null));
    });
  }

  /**
   * Whether a constructor of a JDK class cannot leave the JDK.
   *
   * @param exact whether the object is exactly of the class (no traced class extends it, so no traced
   *     constructor's {@code super(…)} runs it on an object whose methods the program overrides)
   */
  synchronized boolean constructor(final String owner, final String nameAndDescriptor, final boolean exact) {
    return store.answer("C " + owner + " " + nameAndDescriptor + " " + exact, () -> image.classFile(owner).isPresent()
        && proves(new Body(owner, nameAndDescriptor, exact ? owner : null)));
  }

  /**
   * Whether a virtual call on a JDK class cannot leave the JDK: the class is final, or the method it
   * resolves to is final or private, so that no override the program declares can be selected.
   */
  synchronized boolean virtualCall(final String owner, final String nameAndDescriptor) {
    return store.answer("V " + owner + " " + nameAndDescriptor, () -> {
      final Body target = withoutOverride(owner, nameAndDescriptor);
      return target != null && proves(target);
    });
  }

  /**
   * Whether a virtual call on a JDK class cannot leave the JDK whatever JDK class the receiver is: for each
   * concrete class of the image below it (at most {@code most}, itself included), the method that class
   * selects is proven with that class as the exact receiver.
   *
   * @param types the image's type hierarchy, read only when the answer is not known yet
   */
  synchronized boolean everyJdkReceiver(final String owner, final String nameAndDescriptor, final int most,
      final java.util.function.Supplier<Optional<JdkTypes>> types) {
    return store.answer("R " + owner + " " + nameAndDescriptor + " " + most, () -> {
      final Optional<JdkTypes> read = types.get();
      if (read.isEmpty()) {
        return false;
      }
      final Set<String> below = read.get().subtypesOf(owner);
      if (below.size() > most) {
        return false;
      }
      for (final String r : below) {
        final JdkTypes.Type t = read.get().type(r);
        if (t == null || (t.isConcreteClass() && !exactCall(r, nameAndDescriptor))) {
          return false;
        }
      }
      return true;
    });
  }

  private boolean exactCall(final String receiver, final String nameAndDescriptor) {
    final Resolved r = resolve(receiver, nameAndDescriptor);
    return r != null && proves(new Body(r.owner(), nameAndDescriptor, receiver));
  }

  /** Whether the class is a final class of the image: no traced class can extend it. */
  synchronized boolean isFinalClass(final String name) {
    return store.answer("F " + name, () -> image.classFile(name).map(JavaClass::isFinal).orElse(false));
  }

  /** Whether the image holds the class. */
  synchronized boolean holds(final String name) {
    return store.answer("H " + name, () -> image.classFile(name).isPresent());
  }

  /** The direct superclass and superinterfaces of a class of the image, or none when not held. */
  synchronized java.util.List<String> supertypesOf(final String name) {
    final String known = store.fact("T " + name, () -> String.join(",", image.classFile(name).map(c -> {
      final java.util.List<String> out = new java.util.ArrayList<>(java.util.List.of(c.getInterfaceNames()));
      if (!name.equals("java.lang.Object")) {
        out.add(c.getSuperclassName());
      }
      return out;
    }).orElse(java.util.List.of())));
    return known.isEmpty() ? java.util.List.of() : java.util.List.of(known.split(","));
  }

  /** The superclass of a class of the image, or empty (not held, or {@code Object}). */
  synchronized Optional<String> superclassOf(final String name) {
    final String known = store.fact("P " + name, () -> image.classFile(name)
        .filter(c -> !name.equals("java.lang.Object")).map(JavaClass::getSuperclassName).orElse(""));
    return known.isEmpty() ? Optional.empty() : Optional.of(known);
  }

  private boolean proves(final Body root) {
    final Boolean known = answers.get(root);
    if (known != null) {
      return known;
    }
    final Set<Body> seen = new LinkedHashSet<>();
    final Deque<Body> work = new ArrayDeque<>();
    work.push(root);
    boolean pure = true;
    while (pure && !work.isEmpty()) {
      final Body b = work.pop();
      if (proven.contains(b) || !seen.add(b)) {
        continue;
      }
      pure = seen.size() <= MOST_BODIES && scan(b, work);
    }
    if (pure) {
      proven.addAll(seen);
    }
    answers.put(root, pure);
    return pure;
  }

  /**
   * The method a virtual call on a JDK class runs when no subclass can override it (the class is final, or the
   * method is final or private), or {@code null}: a final class is also the receiver's exact class.
   */
  private Body withoutOverride(final String owner, final String nameAndDescriptor) {
    final Resolved r = resolve(owner, nameAndDescriptor);
    if (r == null) {
      return null;
    }
    final boolean finalClass = image.classFile(owner).map(JavaClass::isFinal).orElse(false);
    return finalClass || r.method().isFinal() || r.method().isPrivate()
        ? new Body(r.owner(), nameAndDescriptor, finalClass ? owner : null) : null;
  }

  /** A method found by resolution, and the class that declares it. */
  private record Resolved(String owner, Method method) {
  }

  /** Resolves up the superclass chain (the methods of superinterfaces are not followed: refused). */
  private Resolved resolve(final String start, final String nameAndDescriptor) {
    String c = start;
    while (c != null) {
      final Optional<JavaClass> file = image.classFile(c);
      if (file.isEmpty()) {
        return null;
      }
      for (final Method m : file.get().getMethods()) {
        if ((m.getName() + m.getSignature()).equals(nameAndDescriptor)) {
          return new Resolved(c, m);
        }
      }
      c = c.equals("java.lang.Object") ? null : file.get().getSuperclassName();
    }
    return null;
  }

  /** Reads one body; queues the bodies it calls, or says it may leave the JDK. */
  private boolean scan(final Body body, final Deque<Body> work) {
    final Optional<JavaClass> file = image.classFile(body.owner());
    if (file.isEmpty()) {
      return false;
    }
    final Method method = declared(file.get(), body.nameAndDescriptor());
    if (method == null || method.isAbstract()) {
      return false;
    }
    if (method.isNative()) {
      return isQuietNative(body.owner(), method.getName());
    }
    if (method.getCode() == null) {
      return false;
    }
    final ConstantPoolGen cp = new ConstantPoolGen(file.get().getConstantPool());
    final InstructionList code = new InstructionList(method.getCode().getCode());
    final Set<Integer> handlers = new HashSet<>();
    for (final CodeException e : method.getCode().getExceptionTable()) {
      handlers.add(e.getHandlerPC());
    }
    final boolean thisKept = !method.isStatic() && !storesLocalZero(code);
    final boolean constructor = method.getName().equals("<init>");
    final Set<InstructionHandle> reachable = reachable(code, handlers, cp);
    for (final InstructionHandle h : code.getInstructionHandles()) {
      final Instruction i = h.getInstruction();
      if (!reachable.contains(h)) {
        continue;
      }
      if (i.getOpcode() == Const.LDC || i.getOpcode() == Const.LDC_W || i.getOpcode() == Const.LDC2_W) {
        if (cp.getConstant(((CPInstruction) i).getIndex()) instanceof ConstantDynamic) {
          return false; // Resolving it runs a bootstrap method.
        }
      }
      if (i instanceof InvokeInstruction call) {
        final boolean onThis = thisKept && receiverIsThis(h, call, cp, handlers);
        if (!follow(call, cp, body, file.get(), constructor, onThis, work)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether the receiver of a call is {@code aload_0}'s value, pushed in the straight-line code before it (no
   * jump or handler enters between): walks back over the instructions that push the arguments, by their stack
   * effects. Anything it cannot follow ({@code dup}, a jump) says no.
   */
  private static boolean receiverIsThis(final InstructionHandle call, final InvokeInstruction invoke,
      final ConstantPoolGen cp, final Set<Integer> handlers) {
    int depth = invoke.consumeStack(cp) - 1;
    InstructionHandle h = call;
    for (int steps = 0; steps < 64; steps++) {
      if (h.hasTargeters() || handlers.contains(h.getPosition()) || h.getPrev() == null) {
        return false;
      }
      h = h.getPrev();
      final Instruction p = h.getInstruction();
      final int produced = p.produceStack(cp);
      final int consumed = p.consumeStack(cp);
      if (produced == Const.UNPREDICTABLE || consumed == Const.UNPREDICTABLE || p instanceof UnconditionalBranch
          || p instanceof Select || p instanceof ReturnInstruction || p instanceof ATHROW || p instanceof RET) {
        return false;
      }
      if (depth < produced) {
        return p.getOpcode() == Const.ALOAD_0
            || (p.getOpcode() == Const.ALOAD && ((LocalVariableInstruction) p).getIndex() == 0);
      }
      depth += consumed - produced;
    }
    return false;
  }

  private boolean follow(final InvokeInstruction call, final ConstantPoolGen cp, final Body body,
      final JavaClass caller, final boolean inConstructor, final boolean onThis, final Deque<Body> work) {
    if (call.getOpcode() == Const.INVOKEDYNAMIC) {
      return false;
    }
    final String owner = call.getReferenceType(cp).getSignature().startsWith("[") ? null
        : call.getClassName(cp);
    final String nd = call.getMethodName(cp) + call.getSignature(cp);
    if (owner == null) {
      return nd.equals("clone()Ljava/lang/Object;"); // An array's clone copies it; any other method is Object's.
    }
    switch (call.getOpcode()) {
      case Const.INVOKESTATIC -> {
        final Resolved r = resolve(owner, nd);
        if (r == null) {
          return false;
        }
        work.push(new Body(r.owner(), nd, null));
        return true;
      }
      case Const.INVOKESPECIAL -> {
        if (call.getMethodName(cp).equals("<init>")) {
          // A new object of exactly that class; inside a constructor, also this object's super(…) or this(…).
          work.push(new Body(owner, nd, owner));
          if (inConstructor && (owner.equals(caller.getClassName()) || owner.equals(caller.getSuperclassName()))) {
            work.push(new Body(owner, nd, body.exactThis()));
          }
          return true;
        }
        final Resolved r = resolve(owner, nd);
        if (r == null) {
          return false;
        }
        work.push(new Body(r.owner(), nd, onThis ? body.exactThis() : null));
        return true;
      }
      case Const.INVOKEVIRTUAL, Const.INVOKEINTERFACE -> {
        if (onThis && body.exactThis() != null) {
          final Resolved r = resolve(body.exactThis(), nd);
          if (r == null) {
            return false;
          }
          work.push(new Body(r.owner(), nd, body.exactThis()));
          return true;
        }
        if (call.getOpcode() == Const.INVOKEINTERFACE) {
          return false;
        }
        final Body target = withoutOverride(owner, nd);
        if (target == null) {
          return false;
        }
        work.push(target);
        return true;
      }
      default -> {
        return false;
      }
    }
  }

  /**
   * The instructions that can run: from the entry and every handler, along jumps and fall-throughs. Without
   * system assertions, an {@code assert}'s failure branch ({@code getstatic $assertionsDisabled; ifne}) cannot:
   * it builds its message with {@code String.valueOf(Object)}, which would refute most of the JDK.
   */
  private Set<InstructionHandle> reachable(final InstructionList code, final Set<Integer> handlers,
      final ConstantPoolGen cp) {
    final Set<InstructionHandle> out = new HashSet<>();
    final Deque<InstructionHandle> work = new ArrayDeque<>();
    work.push(code.getStart());
    for (final int pc : handlers) {
      work.push(code.findHandle(pc));
    }
    while (!work.isEmpty()) {
      final InstructionHandle h = work.pop();
      if (h == null || !out.add(h)) {
        continue;
      }
      final Instruction i = h.getInstruction();
      if (!systemAssertions && i instanceof GETSTATIC get && h.getNext() != null
          && h.getNext().getInstruction().getOpcode() == Const.IFNE
          && get.getFieldName(cp).equals("$assertionsDisabled")) {
        out.add(h.getNext());
        work.push(((BranchInstruction) h.getNext().getInstruction()).getTarget());
        continue;
      }
      if (i instanceof Select select) {
        work.push(select.getTarget());
        for (final InstructionHandle t : select.getTargets()) {
          work.push(t);
        }
        continue;
      }
      if (i instanceof BranchInstruction branch) {
        work.push(branch.getTarget());
      }
      if (!(i instanceof UnconditionalBranch) && !(i instanceof ReturnInstruction) && !(i instanceof ATHROW)
          && !(i instanceof RET)) {
        work.push(h.getNext());
      }
    }
    return out;
  }

  private static Method declared(final JavaClass c, final String nameAndDescriptor) {
    for (final Method m : c.getMethods()) {
      if ((m.getName() + m.getSignature()).equals(nameAndDescriptor)) {
        return m;
      }
    }
    return null;
  }

  /** Whether the method ever stores into local 0, so that {@code aload_0} may not be the receiver. */
  private static boolean storesLocalZero(final InstructionList code) {
    for (final InstructionHandle h : code.getInstructionHandles()) {
      final Instruction i = h.getInstruction();
      if ((i.getOpcode() == Const.ASTORE || i.getOpcode() == Const.ASTORE_0)
          && ((LocalVariableInstruction) i).getIndex() == 0) {
        return true;
      }
    }
    return false;
  }

  private static boolean isQuietNative(final String owner, final String name) {
    if (NATIVES.contains(owner + "." + name)) {
      return true;
    }
    if (owner.equals("jdk.internal.misc.Unsafe")) {
      return UNSAFE_PREFIXES.stream().anyMatch(name::startsWith);
    }
    return owner.equals("java.lang.StrictMath");
  }
}
