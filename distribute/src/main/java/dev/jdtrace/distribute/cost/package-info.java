/**
 * The predicted cost of a plan under the cost model of sessions ({@link dev.jdtrace.plan.cost.CostModel}: one
 * run of the program + breakpoints × their setting + hits × (c0 + c1 × breakpoints) + the block entries the
 * breakpoints keep interpreted, DESIGN §3), and the choice of the number of sessions it implies. Calibration
 * lives in {@code collect}, which can launch JVMs; this package only computes.
 */
package dev.jdtrace.distribute.cost;
