package dev.jdtrace.programs;

/**
 * Loops: counted {@code for} loops nested two and three deep, a labeled {@code break} out of an
 * inner loop, a labeled {@code continue} of an outer loop, a {@code while} loop, a {@code do-while}
 * loop whose body runs once even though its condition is false at the start, and an
 * enhanced {@code for} over an array.
 */
public final class Loops {

    private Loops() {
    }

    public static void main(String[] args) {
        // Nested loops: sum of i*j over a small triangle.
        int triangle = 0;
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j <= i; j++) {
                triangle += i * j;
            }
        }
        System.out.println("triangle=" + triangle);

        // Labeled break: find the first pair (i, j) with i*j == 12.
        int foundI = -1;
        int foundJ = -1;
        search:
        for (int i = 1; i < 8; i++) {
            for (int j = 1; j < 8; j++) {
                if (i * j == 12) {
                    foundI = i;
                    foundJ = j;
                    break search;
                }
            }
        }
        System.out.println("first pair with product 12: " + foundI + "," + foundJ);

        // Labeled continue: count rows of a small grid that contain no multiple of 3 before a 7.
        int[][] grid = {{1, 2, 7, 3}, {3, 1, 1}, {2, 4, 5, 8}, {7, 9}, {1, 6}};
        int cleanRows = 0;
        rows:
        for (int[] row : grid) {
            for (int value : row) {
                if (value == 7) {
                    cleanRows++;
                    continue rows;
                }
                if (value % 3 == 0) {
                    continue rows;
                }
            }
            cleanRows++;
        }
        System.out.println("clean rows=" + cleanRows);

        // Three-deep nesting with an early exit from the innermost loop.
        int cubes = 0;
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                for (int c = 0; c < 3; c++) {
                    if (c > b) {
                        break;
                    }
                    cubes += a + b + c;
                }
            }
        }
        System.out.println("cubes=" + cubes);

        // While loop: Collatz steps from 6.
        int n = 6;
        int steps = 0;
        while (n != 1) {
            if ((n & 1) == 0) {
                n /= 2;
            } else {
                n = 3 * n + 1;
            }
            steps++;
        }
        System.out.println("collatz(6) steps=" + steps);

        // Do-while: runs once even though the condition is false at the start.
        int k = 100;
        int runs = 0;
        do {
            runs++;
            k++;
        } while (k < 50);
        // Do-while that iterates: digits of 90417 in reverse.
        int digits = 90417;
        StringBuilder reversed = new StringBuilder();
        do {
            reversed.append(digits % 10);
            digits /= 10;
        } while (digits > 0);
        System.out.println("do-while runs=" + runs + " reversed=" + reversed);
    }
}
