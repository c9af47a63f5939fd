package dev.tunerd.spi;

/** classArgs of an algorithm that takes none: any key is rejected. */
public record NoArgs() {
}
