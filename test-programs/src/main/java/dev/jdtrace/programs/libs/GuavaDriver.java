package dev.jdtrace.programs.libs;

import com.google.common.base.Joiner;
import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.TreeMultiset;
import com.google.common.math.IntMath;
import com.google.common.primitives.Ints;
import java.util.List;

/**
 * GuavaDriver: a short path through Guava, a library of about 150,000 basic blocks of which this program
 * runs a few thousand: splitting and joining N generated sentences, counting their words in a multiset,
 * an immutable list and map, and some integer maths.
 * Usage: {@code GuavaDriver [N]} (default {@value #DEFAULT_SIZE}).
 */
public final class GuavaDriver {

    static final int DEFAULT_SIZE = 5;

    private GuavaDriver() {
    }

    public static void main(String[] args) {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        Gen gen = new Gen(11);
        Splitter splitter = Splitter.on(' ').omitEmptyStrings().trimResults();
        TreeMultiset<String> words = TreeMultiset.create();
        ImmutableList.Builder<Integer> lengths = ImmutableList.builder();
        for (int i = 0; i < n; i++) {
            List<String> parts = splitter.splitToList(gen.sentence());
            words.addAll(parts);
            lengths.add(parts.size());
        }
        ImmutableList<Integer> all = lengths.build();
        ImmutableMap<String, Integer> summary = ImmutableMap.of("sentences", all.size(),
                "words", words.size(), "distinct", words.elementSet().size());
        System.out.println("guava: " + Joiner.on(", ").withKeyValueSeparator("=").join(summary));
        System.out.println("guava: max=" + Ints.max(Ints.toArray(all)) + " gcd=" + IntMath.gcd(462, 1071)
                + " first=" + words.firstEntry());
    }
}
