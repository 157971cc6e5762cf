/**
 * Calibrates the session cost model ({@code c0}, {@code c1}, launch cost, parallel gain) by tracing a tiny
 * program a few times: the planner uses it to predict costs and choose the number of sessions.
 */
package dev.jdtrace.driver.calibrate;
