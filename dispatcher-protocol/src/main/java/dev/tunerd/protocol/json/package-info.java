/**
 * JSON text to and from {@link dev.tunerd.spi.json.JsonValue}, with Python's reading rules and printing format:
 * {@link dev.tunerd.protocol.json.Json} (reading through the internal one-pass {@code JsonReader}, writing directly)
 * and {@link dev.tunerd.protocol.json.PythonFloats}. No I/O, no threads; the public classes are thread-safe (a
 * {@code JsonReader} reads one text and is not shared).
 */
package dev.tunerd.protocol.json;
