/**
 * The cost model of sessions (one run of the program + breakpoints × their setting + hits × (c0 + c1 ×
 * breakpoints) + the block entries the breakpoints keep interpreted, DESIGN §3), the predicted cost
 * of a plan, and the choice of the number of sessions it implies. Calibration lives in the driver, which
 * can launch JVMs; this package only computes.
 */
package dev.jdtrace.distributor.cost;
