package dev.tunerd.core.checkpoint.cli;

import dev.tunerd.spi.OptimizeMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses {@code minimize}/{@code maximize} as NNI spells them. Stateless; thread-safe. */
final class OptimizeModeConverter implements ITypeConverter<OptimizeMode> {
    @Override
    public OptimizeMode convert(String value) {
        for (OptimizeMode m : OptimizeMode.values()) {
            if (m.toString().equals(value)) {
                return m;
            }
        }
        throw new TypeConversionException("'" + value + "' is not minimize or maximize");
    }
}
