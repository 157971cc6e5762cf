package dev.jdtrace.programs.libs;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.fraction.Fraction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.util.ArithmeticUtils;
import org.apache.commons.math3.util.FastMath;

/**
 * MathDriver: a short path through commons-math3, a library of about 70,000 basic blocks of which this
 * program runs a few hundred: descriptive statistics over N generated values, a 3x3 linear system solved by
 * LU decomposition, a root found by Brent's method, fraction arithmetic and a gcd.
 * Usage: {@code MathDriver [N]} (default {@value #DEFAULT_SIZE}).
 */
public final class MathDriver {

    static final int DEFAULT_SIZE = 20;

    private MathDriver() {
    }

    public static void main(String[] args) {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        Gen gen = new Gen(7);
        DescriptiveStatistics stats = new DescriptiveStatistics();
        for (int i = 0; i < n; i++) {
            stats.addValue(gen.next(1000) / 10.0);
        }
        System.out.printf("math3: n=%d mean=%.3f max=%.1f%n", stats.getN(), stats.getMean(), stats.getMax());

        RealMatrix a = new Array2DRowRealMatrix(new double[][] {{4, 1, 2}, {1, 5, 3}, {2, 3, 6}});
        RealVector b = new ArrayRealVector(new double[] {7, 9, 11});
        RealVector x = new LUDecomposition(a).getSolver().solve(b);
        System.out.printf("math3: x=%.4f %.4f %.4f%n", x.getEntry(0), x.getEntry(1), x.getEntry(2));

        UnivariateFunction f = v -> v * v * v - 2 * v - 5;
        double root = new BrentSolver(1e-10).solve(100, f, 2, 3);
        System.out.printf("math3: root=%.6f cbrt=%.6f%n", root, FastMath.cbrt(root));

        Fraction sum = Fraction.ZERO;
        for (int i = 1; i <= 4; i++) {
            sum = sum.add(new Fraction(1, i + gen.next(3)));
        }
        System.out.println("math3: fraction=" + sum + " gcd=" + ArithmeticUtils.gcd(462, 1071));
    }
}
