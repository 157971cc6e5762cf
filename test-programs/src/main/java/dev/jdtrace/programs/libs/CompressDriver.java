package dev.jdtrace.programs.libs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

/**
 * CompressDriver: commons-compress writes a tar archive of N generated text files, compresses it with
 * bzip2 (a pure-Java block sort and Huffman coder: long loops), decompresses it and reads the archive
 * back, checking every byte. Usage: {@code CompressDriver [N]} (default {@value #DEFAULT_SIZE}).
 */
public final class CompressDriver {

    static final int DEFAULT_SIZE = 2;
    private static final long MOD_TIME = 1_700_000_000_000L;

    private CompressDriver() {
    }

    public static void main(String[] args) throws IOException {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        Gen gen = new Gen(2024);
        byte[][] files = new byte[n][];
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(tar)) {
            for (int i = 0; i < n; i++) {
                StringBuilder text = new StringBuilder();
                for (int line = 0; line < 40; line++) {
                    text.append(line).append(": ").append(gen.sentence()).append('\n');
                }
                files[i] = text.toString().getBytes(StandardCharsets.UTF_8);
                TarArchiveEntry entry = new TarArchiveEntry("docs/file-" + i + ".txt");
                entry.setSize(files[i].length);
                entry.setModTime(MOD_TIME); // a fixed time: the entry's default, now, made each run's bytes differ
                out.putArchiveEntry(entry);
                out.write(files[i]);
                out.closeArchiveEntry();
            }
        }
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        try (BZip2CompressorOutputStream out = new BZip2CompressorOutputStream(packed, 1)) {
            out.write(tar.toByteArray());
        }
        byte[] unpacked;
        try (InputStream in = new BZip2CompressorInputStream(new ByteArrayInputStream(packed.toByteArray()))) {
            unpacked = in.readAllBytes();
        }
        if (!Arrays.equals(unpacked, tar.toByteArray())) {
            throw new IllegalStateException("bzip2 round trip differs");
        }
        int entries = 0;
        try (TarArchiveInputStream in = new TarArchiveInputStream(new ByteArrayInputStream(unpacked))) {
            for (TarArchiveEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                if (!Arrays.equals(in.readAllBytes(), files[entries++])) {
                    throw new IllegalStateException("entry " + e.getName() + " differs");
                }
            }
        }
        System.out.println("compress: files=" + n + " tarBytes=" + tar.size() + " bzip2Bytes=" + packed.size()
                + " entries=" + entries);
    }
}
