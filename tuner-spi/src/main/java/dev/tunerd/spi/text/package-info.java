/** Text from outside, made safe to log or report ({@link dev.tunerd.spi.text.SafeText}). */
package dev.tunerd.spi.text;
