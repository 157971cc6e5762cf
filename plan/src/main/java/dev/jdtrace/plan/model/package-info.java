/**
 * The planning model as immutable records, free of BCEL types:
 * <pre>
 * Program ── ClassModel* ── MethodCfg* ── Block*   (block = standard basic block; a call ends its block)
 *                                          │  successors, handlers: local block indices
 *                                          └─ CallSite (when the block ends in an invoke), InitRefs
 * </pre>
 * Global block ids are positions in class-name, class-file and bytecode order, so they are reproducible.
 */
package dev.jdtrace.plan.model;
