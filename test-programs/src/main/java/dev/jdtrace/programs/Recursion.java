package dev.jdtrace.programs;

/**
 * Recursion: direct recursion with one recursive call ({@code factorial}), with two recursive
 * calls per frame ({@code fib}), with an accumulator ({@code sumDigits}), and mutual recursion
 * between two methods ({@code isEven}/{@code isOdd}).
 */
public final class Recursion {

    private Recursion() {
    }

    static long factorial(int n) {
        if (n <= 1) {
            return 1;
        }
        return n * factorial(n - 1);
    }

    static int fib(int n) {
        if (n < 2) {
            return n;
        }
        return fib(n - 1) + fib(n - 2);
    }

    static int sumDigits(int n, int acc) {
        return n == 0 ? acc : sumDigits(n / 10, acc + n % 10);
    }

    static boolean isEven(int n) {
        if (n == 0) {
            return true;
        }
        return isOdd(n - 1);
    }

    static boolean isOdd(int n) {
        if (n == 0) {
            return false;
        }
        return isEven(n - 1);
    }

    public static void main(String[] args) {
        System.out.println("10! = " + factorial(10));
        StringBuilder sb = new StringBuilder("fib:");
        for (int i = 0; i <= 8; i++) {
            sb.append(' ').append(fib(i));
        }
        System.out.println(sb);
        System.out.println("sumDigits(98765) = " + sumDigits(98765, 0));
        System.out.println("isEven(7)=" + isEven(7) + " isOdd(7)=" + isOdd(7) + " isEven(10)=" + isEven(10));
    }
}
