package dev.jdtrace.programs.libs;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.visitor.ModifierVisitor;
import com.github.javaparser.ast.visitor.Visitable;
import com.github.javaparser.ast.visitor.VoidVisitorAdapter;

/**
 * ParserDriver: javaparser parses a generated Java source of N classes (fields, generic methods, loops,
 * switches, lambdas, try/catch), then walks it with visitors, whose double dispatch over hundreds of node
 * types is megamorphic: it counts names and calls, clones the tree and compares the clone, renames the
 * methods with a modifying visitor and prints the tree back. Usage: {@code ParserDriver [N]} (default
 * {@value #DEFAULT_SIZE}).
 */
public final class ParserDriver {

    static final int DEFAULT_SIZE = 1;

    private ParserDriver() {
    }

    public static void main(String[] args) {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        String source = source(new Gen(4321), n);
        CompilationUnit unit = StaticJavaParser.parse(source);

        int[] counts = new int[2];
        unit.accept(new VoidVisitorAdapter<int[]>() {
            @Override
            public void visit(NameExpr name, int[] c) {
                c[0]++;
                super.visit(name, c);
            }

            @Override
            public void visit(MethodCallExpr call, int[] c) {
                c[1]++;
                super.visit(call, c);
            }
        }, counts);

        CompilationUnit copy = unit.clone();
        if (!copy.equals(unit) || copy.hashCode() != unit.hashCode()) {
            throw new IllegalStateException("the clone differs");
        }
        copy.accept(new ModifierVisitor<Void>() {
            @Override
            public Visitable visit(MethodDeclaration method, Void arg) {
                method.setName(method.getNameAsString() + "Renamed");
                return super.visit(method, arg);
            }
        }, null);
        String printed = copy.toString();

        System.out.println("parser: classes=" + n + " chars=" + source.length() + " names=" + counts[0]
                + " calls=" + counts[1] + " methods=" + copy.findAll(MethodDeclaration.class).size()
                + " printedChars=" + printed.length() + " renamed=" + printed.contains("sumRenamed"));
    }

    private static String source(Gen gen, int n) {
        StringBuilder sb = new StringBuilder("package gen;\n\nimport java.util.*;\nimport java.util.function.*;\n\n");
        for (int c = 0; c < n; c++) {
            sb.append("public class Gen").append(c).append("<T extends Comparable<T>> {\n")
                    .append("    private final List<T> items = new ArrayList<>();\n")
                    .append("    private int count = ").append(gen.next(100)).append(";\n\n")
                    .append("    public int sum(int[] values) {\n        int s = 0;\n")
                    .append("        for (int i = 0; i < values.length; i++) {\n")
                    .append("            if (values[i] % ").append(2 + gen.next(5)).append(" == 0) { s += values[i]; }")
                    .append(" else { s -= i; }\n        }\n        return s;\n    }\n\n")
                    .append("    public String name(int k) {\n        switch (k) {\n")
                    .append("            case 0: return \"").append(gen.word().replace("\"", "").replace("\\", ""))
                    .append("\";\n            case 1: return String.valueOf(count);\n")
                    .append("            default: return items.isEmpty() ? \"none\" : items.get(0).toString();\n")
                    .append("        }\n    }\n\n")
                    .append("    public Optional<T> max(Function<T, T> f) {\n")
                    .append("        return items.stream().map(x -> f.apply(x)).filter(Objects::nonNull)")
                    .append(".max(Comparator.naturalOrder());\n    }\n\n")
                    .append("    public int parse(String text) {\n        try {\n")
                    .append("            return Integer.parseInt(text.trim()) * ").append(gen.next(9) + 1).append(";\n")
                    .append("        } catch (NumberFormatException e) {\n            return -1;\n        }\n    }\n")
                    .append("}\n\n");
        }
        return sb.toString();
    }
}
