/**
 * Calibrates the session cost model ({@code c0}, {@code c1}, breakpoint setting, interpreted block entries, a
 * trivial launch, parallel gain) by tracing a tiny
 * program a few times: the planner uses it to predict costs and choose the number of sessions.
 */
package dev.jdtrace.collect.calibrate;
