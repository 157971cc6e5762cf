package dev.jdtrace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tables the suite writes, from hand-made runs: ratios, targets, mismatches and the CSV columns. */
class ReportTest {
  private static final Workload LIB = new Workload("CsvDriver 40", "library", List.of("org.apache.commons.csv.*"),
      List.of("java", "-cp", "x", "Main"), null, List.of());
  private static final Machine MACHINE = new Machine("cpu", 2, 4096, "jvm", "os", "0 0 0");

  private static Row row(final Config c, final long wall, final long hits, final String check) {
    final JdtraceStats s = c.kind() == Config.Kind.JDTRACE
        ? new JdtraceStats(2732, 1000, hits, 150_000, wall, -1, List.of(1000), List.of(-1L), List.of(wall - 100),
            hits * 1000)
        : null;
    return new Row(LIB, c, List.of(new Sample(wall, 200_000, s, c.equals(Config.LINE_STEPPING) ? hits : -1, check)));
  }

  private static List<Row> rows(final String defaultCheck) {
    return List.of(row(Config.NO_DEBUGGER, 200, 0, Sample.NOT_CHECKED),
        row(Config.LINE_STEPPING, 20_000, 100_000, Sample.NOT_CHECKED),
        row(Config.ALL_BLOCKS, 40_000, 150_000, Sample.TRUTH),
        row(Config.OPTIMAL_STATIC, 7_000, 46_000, Sample.EXACT),
        row(Config.OPTIMAL_TRACE, 6_000, 45_000, Sample.EXACT),
        row(Config.DEFAULT, 5_000, 50_000, defaultCheck),
        row(Config.DEFAULT_WEIGHTS, 4_000, 40_000, Sample.EXACT),
        row(Config.sessions(4), 9_000, 69_000, Sample.EXACT));
  }

  private static List<String> report(final List<Row> rows) {
    return Report.write(new Report.Inputs("test", "bench/run.sh", MACHINE, "1 1 1", 1.0, rows, "w", List.of(),
        List.of(), List.of()));
  }

  @Test
  void targetsSayWhetherMetAndByHowMuchMissed() {
    final List<String> md = report(rows(Sample.EXACT));

    assertThat(md).contains("| CsvDriver 40 (150000 entries) | `jdtrace run` ≤ 0.25 × line-stepping wall | 0.250× | yes |");
    assertThat(md).contains(
        "| CsvDriver 40 (150000 entries) | `jdtrace run --weights` ≤ 0.1 × line-stepping wall | 0.200× | **no**, 2.00× over |");
    assertThat(md).contains(
        "| CsvDriver 40 (150000 entries) | hits with 4 sessions ≤ 1.3 × hits with 1 | 1.500× | **no**, 1.15× over |");
  }

  @Test
  void eachJdtraceRowShowsItsHitsTimesBreakpoints() {
    final List<String> md = report(rows(Sample.EXACT));

    // One session of 1,000 breakpoints: hits × 1,000. The baselines have none.
    assertThat(md).anyMatch(l -> l.startsWith("| jdtrace run (default) | 1 | 1000 | 50000 | 50000000 |"));
    assertThat(md).anyMatch(l -> l.startsWith("| line-stepping | - | - | 100000 steps | - |"));
  }

  @Test
  void aMismatchShowsInTheTableAndVoidsTheRatios() {
    final List<String> md = report(rows(Sample.MISMATCH));

    assertThat(md).anyMatch(l -> l.startsWith("| jdtrace run (default) |") && l.endsWith("| - | - | MISMATCH |"));
    assertThat(md).anyMatch(l -> l.contains("≤ 0.25 × line-stepping") && l.contains("n/a"));
  }

  @Test
  void csvHasOneLinePerRowWithRatiosAgainstBothBaselines() {
    final List<Row> rows = rows(Sample.EXACT);
    final List<String> csv = ResultsCsv.rows(rows, new Ratios(rows));

    assertThat(csv).hasSize(9);
    assertThat(csv.get(0)).isEqualTo(ResultsCsv.HEADER);
    assertThat(csv.get(6)).isEqualTo("library,CsvDriver 40,jdtrace run (default),1,1,1000,1000,50000,,150000,2732,"
        + "5000,5000,5000,200000,,0.2500,0.1250,exact,4900,-1,50000000");
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Row.median(List.of(1L, 2L, 10L, 40L))).isEqualTo(6);
    assertThat(Row.median(List.of(1L, 2L, 10L))).isEqualTo(2);
  }
}
