/**
 * NNI's search-space format as a typed model: {@link dev.tunerd.spi.space.SearchSpace#parse} validates with NNI's
 * rules and exact messages (Python reprs via {@link dev.tunerd.spi.space.PythonRepr}) and refuses a space with any
 * error, keeping survivable findings as warnings; {@link dev.tunerd.spi.space.ParameterSpec} is the internal
 * representation tuners search in (category indices, numbers, log space for log types); format/deformat convert to
 * and from the user's values exactly as NNI's {@code formatting.py} does (round half to even, randint offsets, clip
 * only for quniform/qloguniform, nested {@code _name} objects). {@link dev.tunerd.spi.space.PythonValues} gives
 * Python's {@code ==} and truthiness where NNI relies on them. Everything here is immutable or stateless, hence
 * thread-safe; the parser itself is a single-use, package-private helper.
 */
package dev.tunerd.spi.space;
