package dev.jdtrace.reference;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Basic-block leaders of one method, computed from its raw bytecode with a hand-written opcode table.
 *
 * <p>This is deliberately independent of the tool under test (no BCEL instruction lists, no
 * {@code dev.jdtrace} code). Leaders follow DESIGN §2: bci 0, every jump and switch target, every
 * exception-handler start, and the instruction after any jump ({@code if*}, {@code goto},
 * {@code goto_w}, {@code jsr}, {@code jsr_w}), switch, return, {@code athrow}, {@code ret} or
 * {@code invoke*} ({@code invokedynamic} included).
 *
 * <p>Immutable after construction.
 */
final class BytecodeLeaders {

    private final int[] instructionStarts;
    private final BitSet leaders;
    /** For each leader bci, the bci of the block's last instruction; -1 elsewhere. */
    private final int[] blockEnds;

    private BytecodeLeaders(final int[] instructionStarts, final BitSet leaders, final int[] blockEnds) {
        this.instructionStarts = instructionStarts;
        this.leaders = leaders;
        this.blockEnds = blockEnds;
    }

    /**
     * Computes the leaders of a method.
     *
     * @param code the method's bytecode, as the JVM reports it ({@code Method.bytecodes()})
     * @param handlerPcs exception-handler start offsets from the method's exception table
     * @return the leaders and block ends
     * @throws IllegalArgumentException on malformed bytecode (unknown opcode, target off an instruction)
     */
    static BytecodeLeaders of(final byte[] code, final int[] handlerPcs) {
        if (code.length == 0) {
            throw new IllegalArgumentException("empty bytecode");
        }
        final BitSet starts = new BitSet(code.length);
        final BitSet leaders = new BitSet(code.length);
        leaders.set(0);
        int pc = 0;
        while (pc < code.length) {
            starts.set(pc);
            final int op = code[pc] & 0xff;
            final int length = length(code, pc);
            final int next = pc + length;
            if (isConditionalOrGoto(op)) {
                final int offset = (op == GOTO_W || op == JSR_W) ? s4(code, pc + 1) : s2(code, pc + 1);
                leaders.set(checkTarget(pc + offset, code.length, pc));
                markNext(leaders, next, code.length);
            } else if (op == TABLESWITCH || op == LOOKUPSWITCH) {
                for (final int target : switchTargets(code, pc)) {
                    leaders.set(checkTarget(target, code.length, pc));
                }
                markNext(leaders, next, code.length);
            } else if (isReturn(op) || op == ATHROW || op == RET || isInvoke(op)) {
                markNext(leaders, next, code.length);
            }
            pc = next;
        }
        if (pc != code.length) {
            throw new IllegalArgumentException("last instruction runs past the end of the code");
        }
        for (final int handler : handlerPcs) {
            leaders.set(checkTarget(handler, code.length, -1));
        }
        // Every leader must be an instruction start.
        for (int l = leaders.nextSetBit(0); l >= 0; l = leaders.nextSetBit(l + 1)) {
            if (!starts.get(l)) {
                throw new IllegalArgumentException("leader " + l + " is not an instruction start");
            }
        }
        final int[] ends = new int[code.length];
        java.util.Arrays.fill(ends, -1);
        int last = -1;
        for (int i = code.length - 1; i >= 0; i--) {
            if (!starts.get(i)) {
                continue;
            }
            if (last < 0) {
                last = i;
            }
            if (leaders.get(i)) {
                ends[i] = last;
                last = -1;
            }
        }
        return new BytecodeLeaders(starts.stream().toArray(), leaders, ends);
    }

    /** Whether {@code bci} starts a basic block. */
    boolean isLeader(final int bci) {
        return bci >= 0 && leaders.get(bci);
    }

    /** The bci of the last instruction of the block starting at {@code leader}. */
    int blockEnd(final int leader) {
        if (!isLeader(leader)) {
            throw new IllegalArgumentException(leader + " is not a leader");
        }
        return blockEnds[leader];
    }

    /** All leaders, ascending. */
    int[] leaders() {
        return leaders.stream().toArray();
    }

    /** All instruction start offsets, ascending. */
    int[] instructionStarts() {
        return instructionStarts.clone();
    }

    // === Opcode table ===

    private static final int TABLESWITCH = 0xaa;
    private static final int LOOKUPSWITCH = 0xab;
    private static final int ATHROW = 0xbf;
    private static final int RET = 0xa9;
    private static final int WIDE = 0xc4;
    private static final int IINC = 0x84;
    private static final int GOTO_W = 0xc8;
    private static final int JSR_W = 0xc9;

    /** Lengths of fixed-size opcodes; 0 marks variable-length or undefined ones. */
    private static final int[] LENGTH = new int[256];

    static {
        for (int op = 0x00; op <= 0x0f; op++) {
            LENGTH[op] = 1;                          // nop, aconst_null, iconst_*, lconst_*, fconst_*, dconst_*
        }
        LENGTH[0x10] = 2;                            // bipush
        LENGTH[0x11] = 3;                            // sipush
        LENGTH[0x12] = 2;                            // ldc
        LENGTH[0x13] = 3;                            // ldc_w
        LENGTH[0x14] = 3;                            // ldc2_w
        for (int op = 0x15; op <= 0x19; op++) {
            LENGTH[op] = 2;                          // iload, lload, fload, dload, aload
        }
        for (int op = 0x1a; op <= 0x35; op++) {
            LENGTH[op] = 1;                          // *load_n, *aload
        }
        for (int op = 0x36; op <= 0x3a; op++) {
            LENGTH[op] = 2;                          // istore, lstore, fstore, dstore, astore
        }
        for (int op = 0x3b; op <= 0x83; op++) {
            LENGTH[op] = 1;                          // *store_n, *astore, stack ops, arithmetic, logic
        }
        LENGTH[IINC] = 3;
        for (int op = 0x85; op <= 0x98; op++) {
            LENGTH[op] = 1;                          // conversions, lcmp, fcmp*, dcmp*
        }
        for (int op = 0x99; op <= 0xa8; op++) {
            LENGTH[op] = 3;                          // if*, if_icmp*, if_acmp*, goto, jsr
        }
        LENGTH[RET] = 2;
        for (int op = 0xac; op <= 0xb1; op++) {
            LENGTH[op] = 1;                          // *return
        }
        for (int op = 0xb2; op <= 0xb8; op++) {
            LENGTH[op] = 3;                          // get/put static/field, invokevirtual/special/static
        }
        LENGTH[0xb9] = 5;                            // invokeinterface
        LENGTH[0xba] = 5;                            // invokedynamic
        LENGTH[0xbb] = 3;                            // new
        LENGTH[0xbc] = 2;                            // newarray
        LENGTH[0xbd] = 3;                            // anewarray
        LENGTH[0xbe] = 1;                            // arraylength
        LENGTH[ATHROW] = 1;
        LENGTH[0xc0] = 3;                            // checkcast
        LENGTH[0xc1] = 3;                            // instanceof
        LENGTH[0xc2] = 1;                            // monitorenter
        LENGTH[0xc3] = 1;                            // monitorexit
        LENGTH[0xc5] = 4;                            // multianewarray
        LENGTH[0xc6] = 3;                            // ifnull
        LENGTH[0xc7] = 3;                            // ifnonnull
        LENGTH[GOTO_W] = 5;
        LENGTH[JSR_W] = 5;
    }

    /** Length in bytes of the instruction at {@code pc}. */
    static int length(final byte[] code, final int pc) {
        final int op = code[pc] & 0xff;
        if (op == TABLESWITCH) {
            final int base = switchOperands(pc);
            final long low = s4(code, base + 4);
            final long high = s4(code, base + 8);
            if (high < low) {
                throw new IllegalArgumentException("tableswitch at " + pc + " has high < low");
            }
            return (int) (base + 12 + 4 * (high - low + 1) - pc);
        }
        if (op == LOOKUPSWITCH) {
            final int base = switchOperands(pc);
            final int pairs = s4(code, base + 4);
            return base + 8 + 8 * pairs - pc;
        }
        if (op == WIDE) {
            return (code[pc + 1] & 0xff) == IINC ? 6 : 4;
        }
        final int length = LENGTH[op];
        if (length == 0) {
            throw new IllegalArgumentException("unknown opcode 0x" + Integer.toHexString(op) + " at " + pc);
        }
        return length;
    }

    /** Offset of a switch's default operand: after 0-3 padding bytes, aligned relative to code offset 0. */
    private static int switchOperands(final int pc) {
        return (pc + 4) & ~3;
    }

    private static List<Integer> switchTargets(final byte[] code, final int pc) {
        final int base = switchOperands(pc);
        final List<Integer> targets = new ArrayList<>();
        targets.add(pc + s4(code, base));
        if ((code[pc] & 0xff) == TABLESWITCH) {
            final int low = s4(code, base + 4);
            final int high = s4(code, base + 8);
            for (long i = 0; i <= (long) high - low; i++) {
                targets.add(pc + s4(code, base + 12 + 4 * (int) i));
            }
        } else {
            final int pairs = s4(code, base + 4);
            for (int i = 0; i < pairs; i++) {
                targets.add(pc + s4(code, base + 8 + 8 * i + 4));
            }
        }
        return targets;
    }

    private static boolean isConditionalOrGoto(final int op) {
        return (op >= 0x99 && op <= 0xa8) || op == 0xc6 || op == 0xc7 || op == GOTO_W || op == JSR_W;
    }

    private static boolean isReturn(final int op) {
        return op >= 0xac && op <= 0xb1;
    }

    private static boolean isInvoke(final int op) {
        return op >= 0xb6 && op <= 0xba;
    }

    private static void markNext(final BitSet leaders, final int next, final int codeLength) {
        if (next < codeLength) {
            leaders.set(next);
        }
    }

    private static int checkTarget(final int target, final int codeLength, final int from) {
        if (target < 0 || target >= codeLength) {
            throw new IllegalArgumentException("target " + target + " (from " + from + ") outside the code");
        }
        return target;
    }

    private static int s2(final byte[] code, final int at) {
        return (short) (((code[at] & 0xff) << 8) | (code[at + 1] & 0xff));
    }

    private static int s4(final byte[] code, final int at) {
        return ((code[at] & 0xff) << 24) | ((code[at + 1] & 0xff) << 16) | ((code[at + 2] & 0xff) << 8)
                | (code[at + 3] & 0xff);
    }
}
