/**
 * NNI's search-space format as a typed model: parsing and validation with NNI's messages, the internal
 * representation tuners search in ({@link dev.tunerd.spi.space.ParameterSpec}), and the conversion to and from the
 * user's values. Immutable, thread-safe.
 */
package dev.tunerd.spi.space;
