/**
 * The interprocedural CFG as the decoder walks it: sound call targets (class hierarchy analysis, pure JDK
 * calls proven from the bytecode of the JDK the program runs on), callback methods, class-initialiser triggers, FIRST and FOLLOW sets, the static conflict check
 * and repair that make a profile decodable across calls ({@link dev.jdtrace.plan.icfg.IcfgPlanner}), and
 * the decision units that must share a debugger session.
 */
package dev.jdtrace.plan.icfg;
