/**
 * What users do with a trace: the {@code export} formats, the {@code show} views, the {@code diff}
 * comparison and the {@code report} HTML page. Everything streams: a trace is read once per pass through
 * a {@link dev.jdtrace.trace.TraceVisitor}, and memory is bounded by the dictionary, one
 * thread's call stack and fixed-size buffers, never by the number of block entries; the report's size is
 * bounded by its node cap too.
 *
 * <pre>
 * TraceReader ──► BlocksExport, JsonExport, CoverageExport          exact, block by block
 *            └──► CallTracker ──► CallListener                      calls and returns, exact (v2: guessed)
 *                                  ├─ CallsExport, SpeedscopeExport, ChromeExport, FoldedExport
 *                                  ├─ TreeView ──► LoopFolder (Folded) ──► TreePrinter     show
 *                                  ├─ StackAt                                           show --at
 *                                  └─ HtmlReport ──► LoopFolder ──► ReportRenderer, ReportPage   report
 * TraceComparison ──► ThreadDigests (pass 1) ──► ThreadDiff over two BlockCursors ──► DiffView
 *                                       DiffReport (text), JunitDiffReport, GithubDiffReport ◄─┘
 *                                       (the CI views name the FirstDivergence of each thread)
 * </pre>
 */
package dev.jdtrace.analysis;
