/**
 * Collect: the only code that talks JDI. {@link dev.jdtrace.driver.LocalSession} launches the java command
 * under a loopback JDWP agent, sets each class's witnesses once its bytecode is proven safe, and streams
 * every hit and exception record to disk; no JDI object leaves this module.
 */
package dev.jdtrace.driver;
