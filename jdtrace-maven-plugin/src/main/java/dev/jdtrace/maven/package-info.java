/**
 * {@code jdtrace-maven-plugin}: golden traces in a Maven build, in the shape of jacoco-maven-plugin's goals.
 *
 * <pre>
 * trace  (package) ──► target/jdtrace/jdtrace.trace ──► check  (verify): diff against the golden trace,
 *                                                  │                   fail the build on a difference
 *                                                  └──► update (by hand): rewrite the golden trace
 * </pre>
 *
 * Every goal runs the {@code jdtrace} command ({@link dev.jdtrace.maven.JdtraceProcess}) in a JVM of its
 * own on the plugin's classpath: the debugger interface then comes from the JDK, never from Maven's class
 * realms, and a target that misbehaves cannot take the build's JVM down with it.
 */
package dev.jdtrace.maven;
