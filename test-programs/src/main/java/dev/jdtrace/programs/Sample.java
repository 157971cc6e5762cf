package dev.jdtrace.programs;

/**
 * Sample: the short demo program from the README. It covers a loop, a branch, a method call, a
 * switch and a caught exception while computing the average of a few numbers and naming them.
 */
public final class Sample {

    private Sample() {
    }

    static String name(int n) {
        switch (n % 3) {
            case 0:
                return "fizz";
            case 1:
                return "one";
            default:
                return "two";
        }
    }

    static int average(int[] numbers) {
        int sum = 0;
        for (int n : numbers) {
            sum += n;
        }
        return sum / numbers.length;   // throws ArithmeticException when empty
    }

    public static void main(String[] args) {
        int[] numbers = {4, 9, 12, 15, 20};
        StringBuilder names = new StringBuilder();
        for (int n : numbers) {
            if (n % 2 == 0) {
                names.append(name(n)).append(' ');
            } else {
                names.append("odd ");
            }
        }
        System.out.println("names: " + names.toString().trim());
        System.out.println("average: " + average(numbers));
        try {
            System.out.println("average: " + average(new int[0]));
        } catch (ArithmeticException e) {
            System.out.println("average: none (" + e.getMessage() + ")");
        }
    }
}
