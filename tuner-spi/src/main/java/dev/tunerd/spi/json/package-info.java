/**
 * A small, immutable JSON model that keeps the distinctions NNI's Python side keeps: integers versus floats, key
 * order, non-finite floats in metrics. Algorithms receive and return these values; they never see a parser's tree
 * type. Parsing and printing (in Python's formatting) live in {@code dev.tunerd.protocol.json}.
 *
 * <p>Every type here is immutable and thread-safe.
 */
package dev.tunerd.spi.json;
