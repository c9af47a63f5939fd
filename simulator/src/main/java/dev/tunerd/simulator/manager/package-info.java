/**
 * The simulated NNI manager: {@link dev.tunerd.simulator.manager.DaemonProcess} starts the daemon as a child process
 * and speaks the framed pipe protocol over its stdin/stdout (the production code path, never an in-process shortcut);
 * {@link dev.tunerd.simulator.manager.SimulatedManager} plays the manager's side of an experiment (IN, GE, ME, EN,
 * TE, honouring KI) against a {@link dev.tunerd.simulator.problem.Problem} and returns a
 * {@link dev.tunerd.simulator.manager.RunResult}.
 *
 * <p>Threading: one manager thread owns a daemon and its run; the daemon's stdout is read by one named reader thread
 * per child, which only decodes frames and hands them over through a bounded queue. Several runs may proceed in
 * parallel on different threads (the quality benchmark does), each with its own child.
 */
package dev.tunerd.simulator.manager;
