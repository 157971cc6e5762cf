/** CFG construction from BCEL instruction lists: leaders, blocks, edges. */
package dev.jdtrace.plan.internal;
