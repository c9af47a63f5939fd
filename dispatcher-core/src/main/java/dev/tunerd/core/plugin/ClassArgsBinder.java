package dev.tunerd.core.plugin;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.io.IOException;
import java.util.Collection;
import java.util.TreeSet;

/**
 * Binds classArgs (a JSON object with snake_case keys) to a provider's args record (camelCase components) strictly:
 * unknown keys are rejected with the list of accepted keys, strings are not numbers, floats are not integers, null is
 * not a primitive, enums take their {@code toString()} form ({@code "maximize"}). Range checks are the record's own
 * (its compact constructor throws {@link IllegalArgumentException}). Components may be {@link JsonValue}s for
 * free-form arguments. Thread-safe (the mapper is configured once, on first use, under a lock).
 */
public final class ClassArgsBinder {

    private JsonMapper mapper;

    /** Cheap: the mapper is built on first use (it costs a noticeable part of start-up). */
    public ClassArgsBinder() {
    }

    private synchronized JsonMapper mapper() {
        if (mapper == null) {
            mapper = newMapper();
        }
        return mapper;
    }

    private static JsonMapper newMapper() {
        SimpleModule jsonValues = new SimpleModule("tunerd-json-values")
            .addDeserializer(JsonValue.class, new JsonValueDeserializer())
            .addSerializer(JsonValue.class, new JsonValueSerializer());
        JsonMapper m = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .addModule(jsonValues)
            .build();
        m.coercionConfigDefaults().setCoercion(CoercionInputShape.String, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert);
        m.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.Float, CoercionAction.TryConvert);
        m.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.String, CoercionAction.TryConvert);
        m.coercionConfigFor(LogicalType.Enum).setCoercion(CoercionInputShape.String, CoercionAction.TryConvert);
        return m;
    }

    /**
     * @param algorithm the algorithm's name, for messages
     * @throws ConfigurationException naming the key and what is accepted
     */
    public <A extends Record> A bind(String algorithm, JsonObject classArgs, Class<A> argsType) {
        try {
            return mapper().readValue(Json.writeAllowingNonFinite(classArgs), argsType);
        } catch (UnrecognizedPropertyException e) {
            throw new ConfigurationException("classArgs of " + algorithm + ": unknown key \"" + e.getPropertyName()
                + "\"; accepted keys: " + accepted(e.getKnownPropertyIds()), e);
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new ConfigurationException("classArgs of " + algorithm + ": " + cause.getMessage(), e);
        } catch (JsonMappingException e) {
            throw new ConfigurationException("classArgs of " + algorithm + ": " + describe(e), e);
        } catch (JsonProcessingException e) {
            throw new ConfigurationException("classArgs of " + algorithm + ": " + e.getOriginalMessage(), e);
        }
    }

    /** The record as classArgs JSON (snake_case keys): the defaults shown by {@code --list}. */
    public String describe(Record args) {
        try {
            return mapper().writeValueAsString(args);
        } catch (JsonProcessingException e) {
            return "(cannot show: " + e.getOriginalMessage() + ")";
        }
    }

    private static String describe(JsonMappingException e) {
        StringBuilder key = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                key.append(key.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                key.append('[').append(r.getIndex()).append(']');
            }
        }
        String what = e.getOriginalMessage().split("\n", 2)[0];
        return (key.length() > 0 ? "key \"" + key + "\": " : "") + what;
    }

    private static String accepted(Collection<Object> known) {
        TreeSet<String> names = new TreeSet<>();
        if (known != null) {
            known.forEach(k -> names.add(String.valueOf(k)));
        }
        return names.isEmpty() ? "(none: this algorithm takes no classArgs)" : String.join(", ", names);
    }

    /** Reads any JSON as a {@link JsonValue}, keeping order and int/float. */
    private static final class JsonValueDeserializer extends JsonDeserializer<JsonValue> {
        @Override
        public JsonValue deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode node = p.readValueAsTree();
            return Json.parse(node.toString());
        }
    }

    /** Writes a {@link JsonValue} in Python's format. */
    private static final class JsonValueSerializer extends JsonSerializer<JsonValue> {
        @Override
        public void serialize(JsonValue value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            gen.writeRawValue(Json.writeAllowingNonFinite(value));
        }
    }
}
