/**
 * {@code tunerd bench multifidelity}: a simulated manager that spends a budget of epochs (trials train
 * {@code TRIAL_BUDGET} epochs, a kill costs the epochs trained), its contenders and its report.
 */
package dev.tunerd.simulator.fidelity;
