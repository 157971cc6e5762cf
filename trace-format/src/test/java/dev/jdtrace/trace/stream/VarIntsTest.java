package dev.jdtrace.trace.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Positive;

class VarIntsTest {

  /** The buffer encoder the trace writer uses must give the bytes every reader expects. */
  @Property
  void encodeWritesWhatWriteWritesAndReadReadsBack(@ForAll @Positive final int value) throws IOException {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    VarInts.write(new DataOutputStream(bytes), value);
    final byte[] buf = new byte[VarInts.MAX_INT_BYTES + 3];
    final int end = VarInts.encode(buf, 3, value);
    assertThat(Arrays.copyOfRange(buf, 3, end)).isEqualTo(bytes.toByteArray());
    assertThat(VarInts.readInt(new DataInputStream(new ByteArrayInputStream(buf, 3, end - 3)))).isEqualTo(value);
  }
}
