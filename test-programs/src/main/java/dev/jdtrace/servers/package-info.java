/**
 * Real servers for the attach tests and benchmark: the JDK HttpServer and Jetty 12 with a traced page renderer
 * ({@link dev.jdtrace.servers.Page}), and the HTTP client their triggers run. Outside {@code dev.jdtrace.programs},
 * so the test programs' plans stay the same.
 */
package dev.jdtrace.servers;
