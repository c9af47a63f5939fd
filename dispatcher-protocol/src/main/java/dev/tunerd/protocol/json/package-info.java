/**
 * JSON text to and from {@link dev.tunerd.spi.json.JsonValue}, with Python's reading rules and printing format.
 * No I/O, no threads; every class is thread-safe.
 */
package dev.tunerd.protocol.json;
