package dev.jdtrace.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.reference.fixtures.Tiny;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.Code;
import org.apache.bcel.classfile.CodeException;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.Method;
import org.apache.bcel.generic.ATHROW;
import org.apache.bcel.generic.BranchInstruction;
import org.apache.bcel.generic.Instruction;
import org.apache.bcel.generic.InstructionHandle;
import org.apache.bcel.generic.InstructionList;
import org.apache.bcel.generic.InvokeInstruction;
import org.apache.bcel.generic.RET;
import org.apache.bcel.generic.ReturnInstruction;
import org.apache.bcel.generic.Select;
import org.junit.jupiter.api.Test;

/** Checks the hand-written opcode table and leader rules on hand-built bytecode and against BCEL. */
class BytecodeLeadersTest {

    private static final int NOP = 0x00;
    private static final int ICONST_0 = 0x03;
    private static final int ICONST_1 = 0x04;
    private static final int ILOAD_0 = 0x1a;
    private static final int IRETURN = 0xac;
    private static final int RETURN = 0xb1;

    @Test
    void tableswitchMethodOfTiny() throws Exception {
        // javap: 0 iload_0; 1 tableswitch {0: 28, 1: 31, 2: 34, default: 37}; 28 bipush 10; 30 ireturn; ...
        final Code code = method(classBytes(Tiny.class), "kind", "(I)I").getCode();
        final BytecodeLeaders leaders = BytecodeLeaders.of(code.getCode(), new int[0]);
        assertThat(leaders.leaders()).containsExactly(0, 28, 31, 34, 37);
        assertThat(leaders.instructionStarts()).containsExactly(0, 1, 28, 30, 31, 33, 34, 36, 37, 38);
        assertThat(List.of(leaders.blockEnd(0), leaders.blockEnd(28), leaders.blockEnd(31), leaders.blockEnd(34),
                leaders.blockEnd(37))).containsExactly(1, 30, 33, 36, 38);
    }

    @Test
    void handlerStartsAndInstructionsAfterInvokesAreLeaders() throws Exception {
        // parse: 0 aload_0; 1 invokestatic; 4 ireturn; 5 astore_1 (handler); 6 iconst_m1; 7 ireturn
        final Code code = method(classBytes(Tiny.class), "parse", "(Ljava/lang/String;)I").getCode();
        final int[] handlers = Arrays.stream(code.getExceptionTable()).mapToInt(CodeException::getHandlerPC).toArray();
        assertThat(handlers).containsExactly(5);
        final BytecodeLeaders leaders = BytecodeLeaders.of(code.getCode(), handlers);
        assertThat(leaders.leaders()).containsExactly(0, 4, 5);
        assertThat(leaders.blockEnd(0)).isEqualTo(1);
        assertThat(leaders.blockEnd(4)).isEqualTo(4);
        assertThat(leaders.blockEnd(5)).isEqualTo(7);
        assertThat(BytecodeLeaders.of(code.getCode(), new int[0]).leaders()).containsExactly(0, 4, 5);  // after ireturn
    }

    @Test
    void tableswitchPaddingIsRelativeToOffsetZero() {
        for (int nops = 0; nops < 4; nops++) {
            final Bytes b = new Bytes();
            for (int i = 0; i < nops; i++) {
                b.u1(NOP);
            }
            b.u1(ILOAD_0);
            final int switchAt = b.size();
            b.u1(0xaa);
            while (b.size() % 4 != 0) {
                b.u1(0);
            }
            final int operands = b.size();
            final int defaultTarget = operands + 20 - switchAt;   // after default, low, high and two offsets
            b.s4(defaultTarget).s4(5).s4(6).s4(defaultTarget + 2).s4(defaultTarget + 4);
            b.u1(ICONST_0).u1(IRETURN).u1(ICONST_1).u1(IRETURN).u1(ICONST_0).u1(IRETURN);
            final BytecodeLeaders leaders = BytecodeLeaders.of(b.bytes(), new int[0]);
            final int first = switchAt + defaultTarget;
            assertThat(BytecodeLeaders.length(b.bytes(), switchAt)).as("padding after %d nops", nops)
                    .isEqualTo(first - switchAt);
            assertThat(leaders.leaders()).containsExactly(0, first, first + 2, first + 4);
            assertThat(leaders.blockEnd(0)).isEqualTo(switchAt);
        }
    }

    @Test
    void lookupswitch() {
        final Bytes b = new Bytes().u1(NOP).u1(ILOAD_0);   // switch at 2, one padding byte, operands at 4
        b.u1(0xab).u1(0);
        // offsets relative to 2: default -> 28, npairs = 2, (-1 -> 30), (100 -> 32); the switch ends at 4 + 8 + 16
        b.s4(26).s4(2).s4(-1).s4(28).s4(100).s4(30);
        b.u1(NOP).u1(NOP).u1(NOP).u1(NOP).u1(RETURN);                 // 28 .. 32
        assertThat(b.size()).isEqualTo(33);
        final BytecodeLeaders leaders = BytecodeLeaders.of(b.bytes(), new int[0]);
        assertThat(leaders.instructionStarts()).containsExactly(0, 1, 2, 28, 29, 30, 31, 32);
        assertThat(leaders.leaders()).containsExactly(0, 28, 30, 32);
        assertThat(leaders.blockEnd(0)).isEqualTo(2);
        assertThat(leaders.blockEnd(28)).isEqualTo(29);
        assertThat(leaders.blockEnd(30)).isEqualTo(31);
        assertThat(leaders.blockEnd(32)).isEqualTo(32);
    }

    @Test
    void wideGotoWJsrAndRet() {
        final Bytes b = new Bytes();
        b.u1(0xc4).u1(0x84).u2(300).s2(1);      // 0: wide iinc 300, 1 (6 bytes)
        b.u1(0xc4).u1(0x15).u2(300);            // 6: wide iload 300 (4 bytes)
        b.u1(0xa8).s2(9);                       // 10: jsr 19
        b.u1(0xc8).s4(14);                      // 13: goto_w 27
        b.u1(NOP);                              // 18: unreachable
        b.u1(0x4c);                             // 19: astore_1 (the subroutine)
        b.u1(0xba).u2(1).u2(0);                 // 20: invokedynamic (5 bytes)
        b.u1(0xa9).u1(1);                       // 25: ret 1
        b.u1(RETURN);                           // 27
        final BytecodeLeaders leaders = BytecodeLeaders.of(b.bytes(), new int[0]);
        assertThat(leaders.instructionStarts()).containsExactly(0, 6, 10, 13, 18, 19, 20, 25, 27);
        // 13 after jsr, 18 after goto_w, 19 jsr target, 25 after invokedynamic, 27 goto_w target and after ret.
        assertThat(leaders.leaders()).containsExactly(0, 13, 18, 19, 25, 27);
        assertThat(leaders.blockEnd(0)).isEqualTo(10);
        assertThat(leaders.blockEnd(19)).isEqualTo(20);
    }

    @Test
    void jumpIntoTheMiddleOfAnInstructionIsRejected() {
        final byte[] code = new Bytes().u1(0xa7).s2(4).u1(0x11).u2(7).u1(RETURN).bytes();   // goto 4 (inside sipush)
        assertThatThrownBy(() -> BytecodeLeaders.of(code, new int[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an instruction start");
    }

    @Test
    void unknownOpcodeIsRejected() {
        assertThatThrownBy(() -> BytecodeLeaders.of(new byte[] {(byte) 0xcb}, new int[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown opcode");
    }

    /** Instruction starts and leaders agree with a BCEL-based computation on our classes and big JDK classes. */
    @Test
    void agreesWithBcelOnRealClasses() throws Exception {
        final List<byte[]> classes = new ArrayList<>();
        final Path testClasses = Path.of(Tiny.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final Path mainClasses = testClasses.resolveSibling("classes");
        for (final Path root : List.of(testClasses, mainClasses)) {
            if (Files.isDirectory(root)) {
                try (Stream<Path> files = Files.walk(root)) {
                    for (final Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                        classes.add(Files.readAllBytes(f));
                    }
                }
            }
        }
        final FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        for (final String name : List.of("java/lang/String", "java/lang/Character", "java/lang/CharacterData00",
                "java/util/HashMap", "java/util/TimSort", "java/util/regex/Pattern", "java/math/BigDecimal",
                "java/util/concurrent/ConcurrentHashMap", "java/lang/invoke/MethodHandles$Lookup",
                "java/util/Formatter", "java/time/format/DateTimeFormatterBuilder")) {
            classes.add(Files.readAllBytes(jrt.getPath("modules", "java.base", name + ".class")));
        }
        int methods = 0;
        for (final byte[] bytes : classes) {
            final JavaClass parsed = new ClassParser(new ByteArrayInputStream(bytes), "x.class").parse();
            for (final Method m : parsed.getMethods()) {
                final Code code = m.getCode();
                if (code == null) {
                    continue;
                }
                methods++;
                final int[] handlers = Arrays.stream(code.getExceptionTable()).mapToInt(CodeException::getHandlerPC)
                        .toArray();
                final BytecodeLeaders ours = BytecodeLeaders.of(code.getCode(), handlers);
                final InstructionList il = new InstructionList(code.getCode());
                final String where = parsed.getClassName() + "." + m.getName() + m.getSignature();
                assertThat(ours.instructionStarts()).as(where).containsExactly(il.getInstructionPositions());
                assertThat(ours.leaders()).as(where).containsExactly(bcelLeaders(il, handlers));
            }
        }
        assertThat(methods).isGreaterThan(1000);
    }

    private static int[] bcelLeaders(final InstructionList il, final int[] handlers) {
        final TreeSet<Integer> leaders = new TreeSet<>();
        leaders.add(0);
        for (final int h : handlers) {
            leaders.add(h);
        }
        for (final InstructionHandle ih : il.getInstructionHandles()) {
            final Instruction ins = ih.getInstruction();
            boolean endsBlock = false;
            if (ins instanceof BranchInstruction branch) {
                leaders.add(branch.getTarget().getPosition());
                if (branch instanceof Select select) {
                    for (final InstructionHandle t : select.getTargets()) {
                        leaders.add(t.getPosition());
                    }
                }
                endsBlock = true;
            } else if (ins instanceof ReturnInstruction || ins instanceof ATHROW || ins instanceof RET
                    || ins instanceof InvokeInstruction) {
                endsBlock = true;
            }
            if (endsBlock && ih.getNext() != null) {
                leaders.add(ih.getNext().getPosition());
            }
        }
        return leaders.stream().mapToInt(Integer::intValue).toArray();
    }

    private static byte[] classBytes(final Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    private static Method method(final byte[] classFile, final String name, final String descriptor) throws IOException {
        final JavaClass parsed = new ClassParser(new ByteArrayInputStream(classFile), "x.class").parse();
        return Arrays.stream(parsed.getMethods())
                .filter(m -> m.getName().equals(name) && m.getSignature().equals(descriptor))
                .findFirst().orElseThrow();
    }

    /** A tiny bytecode assembler. */
    private static final class Bytes {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Bytes u1(final int v) {
            out.write(v);
            return this;
        }

        Bytes u2(final int v) {
            return u1(v >>> 8 & 0xff).u1(v & 0xff);
        }

        Bytes s2(final int v) {
            return u2(v & 0xffff);
        }

        Bytes s4(final int v) {
            return u1(v >>> 24 & 0xff).u1(v >>> 16 & 0xff).u1(v >>> 8 & 0xff).u1(v & 0xff);
        }

        int size() {
            return out.size();
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
