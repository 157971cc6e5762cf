package sample;

/** Sums the numbers of its argument and names the sum's size: the path follows the input. */
public final class Main {
  private Main() {
  }

  static String size(final int n) {
    if (n < 10) {
      return "small";
    } else if (n < 100) {
      return "medium";
    }
    return "large";
  }

  public static void main(final String[] args) {
    int sum = 0;
    for (final String word : args[0].split(" ")) {
      sum += Integer.parseInt(word);
    }
    System.out.println(sum + " is " + size(sum));
  }
}
