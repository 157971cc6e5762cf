package dev.jdtrace.plan.internal;

import dev.jdtrace.plan.Bytecode;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.bcel.Const;
import org.apache.bcel.classfile.BootstrapMethod;
import org.apache.bcel.classfile.BootstrapMethods;
import org.apache.bcel.classfile.Code;
import org.apache.bcel.classfile.ConstantCP;
import org.apache.bcel.classfile.ConstantInvokeDynamic;
import org.apache.bcel.classfile.ConstantMethodHandle;
import org.apache.bcel.classfile.ConstantPool;
import org.apache.bcel.classfile.CodeException;
import org.apache.bcel.classfile.LineNumberTable;
import org.apache.bcel.classfile.Method;
import org.apache.bcel.generic.BranchInstruction;
import org.apache.bcel.generic.ConstantPoolGen;
import org.apache.bcel.generic.FieldInstruction;
import org.apache.bcel.generic.GETSTATIC;
import org.apache.bcel.generic.GotoInstruction;
import org.apache.bcel.generic.IfInstruction;
import org.apache.bcel.generic.Instruction;
import org.apache.bcel.generic.InstructionHandle;
import org.apache.bcel.generic.InstructionList;
import org.apache.bcel.generic.InvokeInstruction;
import org.apache.bcel.generic.JsrInstruction;
import org.apache.bcel.generic.NEW;
import org.apache.bcel.generic.PUTSTATIC;
import org.apache.bcel.generic.RET;
import org.apache.bcel.generic.ReturnInstruction;
import org.apache.bcel.generic.Select;

/**
 * Builds the standard-basic-block CFG of one method, in two passes as JaCoCo does: pass 1 finds the
 * leaders (DESIGN §2), pass 2 cuts blocks at them and links successors. Blocks are numbered in bytecode
 * order so ids are reproducible.
 */
public final class CfgBuilder {
  private final String className;
  private final ConstantPoolGen pool;
  /**
   * The call sites of this class by opcode and constant-pool entry: one record per distinct call, decoded
   * once (a class calls the same method from many blocks), which also makes equal calls the same object
   * for the resolver's cache.
   */
  private final java.util.Map<Long, CallSite> callSites = new java.util.HashMap<>();

  private final BootstrapMethods bootstraps;

  public CfgBuilder(final String className, final ConstantPoolGen pool) {
    this(className, pool, null);
  }

  /** @param bootstraps the class's bootstrap methods, which name each {@code invokedynamic}'s linker */
  public CfgBuilder(final String className, final ConstantPoolGen pool, final BootstrapMethods bootstraps) {
    this.className = className;
    this.pool = pool;
    this.bootstraps = bootstraps;
  }

  /** The CFG of a method with a Code attribute. */
  public MethodCfg build(final Method method) {
    final Code code = method.getCode();
    final InstructionList list = new InstructionList(code.getCode());
    final InstructionHandle[] insns = list.getInstructionHandles();
    final int[] offsets = list.getInstructionPositions();
    final TreeSet<Integer> leaders = findLeaders(insns, code.getExceptionTable());

    // Block index of each leader offset, for successor lookup.
    final TreeMap<Integer, Integer> blockAt = new TreeMap<>();
    for (final int leader : leaders) {
      blockAt.put(leader, blockAt.size());
    }
    final LineNumberTable lines = code.getLineNumberTable();
    final List<Block> blocks = new ArrayList<>();
    final List<Integer> returnSites = jsrReturnSites(insns, blockAt);
    int first = 0;
    for (int i = 0; i < insns.length; i++) {
      final boolean last = i + 1 == insns.length || leaders.contains(offsets[i + 1]);
      if (!last) {
        continue;
      }
      final int start = offsets[first];
      final int end = offsets[i];
      final int index = blocks.size();
      final Instruction tail = insns[i].getInstruction();
      final BlockEnd kind = endOf(tail);
      final Set<Integer> succ = new LinkedHashSet<>();
      final Integer next = i + 1 < insns.length ? blockAt.get(offsets[i + 1]) : null;
      switch (kind) {
        case FALLTHROUGH, INVOKE -> add(succ, next);
        case BRANCH -> {
          add(succ, next);
          succ.add(blockAt.get(((BranchInstruction) tail).getTarget().getPosition()));
        }
        case GOTO -> succ.add(blockAt.get(((BranchInstruction) tail).getTarget().getPosition()));
        case SWITCH -> {
          final Select select = (Select) tail;
          succ.add(blockAt.get(select.getTarget().getPosition()));
          for (final InstructionHandle t : select.getTargets()) {
            succ.add(blockAt.get(t.getPosition()));
          }
        }
        case SUBROUTINE -> {
          if (tail instanceof JsrInstruction jsr) {
            succ.add(blockAt.get(jsr.getTarget().getPosition()));
          } else {
            succ.addAll(returnSites);
          }
        }
        case RETURN, THROW -> { }
      }
      blocks.add(new Block(index, start, end, linesOf(lines, offsets, first, i), kind, List.copyOf(succ),
          handlersOf(code.getExceptionTable(), start, end, blockAt),
          kind == BlockEnd.INVOKE ? callSite((InvokeInstruction) tail) : null,
          initsOf(insns, first, i)));
      first = i + 1;
    }
    final List<Integer> starts = new ArrayList<>(offsets.length);
    for (final int o : offsets) {
      starts.add(o);
    }
    return new MethodCfg(new MethodId(className, method.getName(), method.getSignature()),
        method.getAccessFlags(), blocks, starts, Bytecode.sha256(code.getCode()));
  }

  private static void add(final Set<Integer> succ, final Integer next) {
    if (next != null) {
      succ.add(next);
    }
  }

  private static TreeSet<Integer> findLeaders(final InstructionHandle[] insns, final CodeException[] table) {
    final TreeSet<Integer> leaders = new TreeSet<>();
    leaders.add(0);
    for (final CodeException handler : table) {
      leaders.add(handler.getHandlerPC());
    }
    for (int i = 0; i < insns.length; i++) {
      final Instruction insn = insns[i].getInstruction();
      if (insn instanceof BranchInstruction branch) {
        leaders.add(branch.getTarget().getPosition());
        if (insn instanceof Select select) {
          for (final InstructionHandle t : select.getTargets()) {
            leaders.add(t.getPosition());
          }
        }
      }
      if (endOf(insn) != BlockEnd.FALLTHROUGH && i + 1 < insns.length) {
        leaders.add(insns[i + 1].getPosition());
      }
    }
    return leaders;
  }

  /** How a block ending in this instruction ends; FALLTHROUGH when the instruction does not end blocks. */
  static BlockEnd endOf(final Instruction insn) {
    if (insn instanceof GotoInstruction) {
      return BlockEnd.GOTO;
    }
    if (insn instanceof IfInstruction) {
      return BlockEnd.BRANCH;
    }
    if (insn instanceof Select) {
      return BlockEnd.SWITCH;
    }
    if (insn instanceof JsrInstruction || insn instanceof RET) {
      return BlockEnd.SUBROUTINE;
    }
    if (insn instanceof InvokeInstruction) {
      return BlockEnd.INVOKE;
    }
    if (insn instanceof ReturnInstruction) {
      return BlockEnd.RETURN;
    }
    if (insn.getOpcode() == Const.ATHROW) {
      return BlockEnd.THROW;
    }
    return BlockEnd.FALLTHROUGH;
  }

  private static List<Integer> jsrReturnSites(final InstructionHandle[] insns, final TreeMap<Integer, Integer> blockAt) {
    final List<Integer> sites = new ArrayList<>();
    for (int i = 0; i + 1 < insns.length; i++) {
      if (insns[i].getInstruction() instanceof JsrInstruction) {
        sites.add(blockAt.get(insns[i + 1].getPosition()));
      }
    }
    return sites;
  }

  private static List<Integer> linesOf(final LineNumberTable table, final int[] offsets, final int from, final int to) {
    if (table == null) {
      return List.of();
    }
    final Set<Integer> lines = new LinkedHashSet<>();
    for (int i = from; i <= to; i++) {
      final int line = table.getSourceLine(offsets[i]);
      if (line > 0) {
        lines.add(line);
      }
    }
    return List.copyOf(lines);
  }

  private static List<Integer> handlersOf(final CodeException[] table, final int start, final int end,
      final TreeMap<Integer, Integer> blockAt) {
    final Set<Integer> handlers = new LinkedHashSet<>();
    for (final CodeException e : table) {
      // The range [startPC, endPC) covers some instruction of [start, end].
      if (e.getStartPC() <= end && e.getEndPC() > start) {
        handlers.add(blockAt.get(e.getHandlerPC()));
      }
    }
    return List.copyOf(handlers);
  }

  private CallSite callSite(final InvokeInstruction invoke) {
    return callSites.computeIfAbsent(((long) invoke.getOpcode() << 32) | invoke.getIndex(),
        k -> decodeCallSite(invoke));
  }

  private CallSite decodeCallSite(final InvokeInstruction invoke) {
    final CallSite.Kind kind = switch (invoke.getOpcode()) {
      case Const.INVOKEVIRTUAL -> CallSite.Kind.VIRTUAL;
      case Const.INVOKEINTERFACE -> CallSite.Kind.INTERFACE;
      case Const.INVOKESPECIAL -> CallSite.Kind.SPECIAL;
      case Const.INVOKESTATIC -> CallSite.Kind.STATIC;
      default -> CallSite.Kind.DYNAMIC;
    };
    final String owner = kind == CallSite.Kind.DYNAMIC ? bootstrapClass(invoke) : invoke.getReferenceType(pool).toString();
    return new CallSite(kind, owner, invoke.getMethodName(pool), invoke.getSignature(pool));
  }

  /** The class of an {@code invokedynamic}'s bootstrap method, or empty when the class file does not say. */
  private String bootstrapClass(final InvokeInstruction invoke) {
    if (bootstraps == null || !(pool.getConstant(invoke.getIndex()) instanceof ConstantInvokeDynamic dynamic)
        || dynamic.getBootstrapMethodAttrIndex() >= bootstraps.getBootstrapMethods().length) {
      return "";
    }
    final ConstantPool cp = pool.getConstantPool();
    final BootstrapMethod bootstrap = bootstraps.getBootstrapMethods()[dynamic.getBootstrapMethodAttrIndex()];
    return cp.getConstant(bootstrap.getBootstrapMethodRef()) instanceof ConstantMethodHandle handle
        && cp.getConstant(handle.getReferenceIndex()) instanceof ConstantCP ref
        ? ref.getClass(cp).replace('/', '.') : "";
  }

  private List<Block.InitRef> initsOf(final InstructionHandle[] insns, final int from, final int to) {
    final List<Block.InitRef> inits = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      final Instruction insn = insns[i].getInstruction();
      if (insn instanceof NEW n) {
        inits.add(new Block.InitRef(n.getLoadClassType(pool).getClassName(), null, null));
      } else if (insn instanceof GETSTATIC || insn instanceof PUTSTATIC) {
        final FieldInstruction f = (FieldInstruction) insn;
        inits.add(new Block.InitRef(f.getReferenceType(pool).toString(), f.getFieldName(pool), f.getSignature(pool)));
      } else if (insn.getOpcode() == Const.INVOKESTATIC) {
        final InvokeInstruction m = (InvokeInstruction) insn;
        inits.add(new Block.InitRef(m.getReferenceType(pool).toString(), m.getMethodName(pool), m.getSignature(pool)));
      }
    }
    return inits;
  }
}
