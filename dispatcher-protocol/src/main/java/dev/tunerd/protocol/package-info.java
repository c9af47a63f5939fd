/**
 * NNI's tuner command protocol as pure code: command types, the legacy pipe framing (an incremental
 * {@link dev.tunerd.protocol.FrameDecoder} and a {@link dev.tunerd.protocol.FrameEncoder}), and in sub-packages the
 * typed payloads and the JSON mapping. Nothing here does I/O, starts threads or logs; the pipe and the WebSocket
 * transports in {@code dispatcher-core} share this code.
 */
package dev.tunerd.protocol;
