package dev.tunerd.spi.space;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * A minimal JSON reader for test vectors (tuner-spi cannot depend on the protocol module's real parser): objects in
 * order, integers apart from floats, single quotes allowed for readability in Java strings.
 */
final class TestJson {
    private final String s;
    private int pos;

    private TestJson(String s) {
        this.s = s.replace('\'', '"');
    }

    static JsonValue parse(String text) {
        TestJson p = new TestJson(text);
        JsonValue v = p.value();
        p.skip();
        if (p.pos != p.s.length()) {
            throw new IllegalArgumentException("trailing text at " + p.pos + " in " + text);
        }
        return v;
    }

    static JsonObject obj(String text) {
        return (JsonObject) parse(text);
    }

    private void skip() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }

    private JsonValue value() {
        skip();
        char c = s.charAt(pos);
        if (c == '{') {
            return object();
        }
        if (c == '[') {
            pos++;
            List<JsonValue> items = new ArrayList<>();
            skip();
            if (s.charAt(pos) == ']') {
                pos++;
                return new JsonArray(items);
            }
            while (true) {
                items.add(value());
                skip();
                if (s.charAt(pos++) == ']') {
                    return new JsonArray(items);
                }
            }
        }
        if (c == '"') {
            return JsonString.of(string());
        }
        for (String word : new String[] {"true", "false", "null"}) {
            if (s.startsWith(word, pos)) {
                pos += word.length();
                return word.equals("null") ? JsonNull.INSTANCE : JsonBool.of(word.equals("true"));
            }
        }
        int start = pos;
        while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
        String num = s.substring(start, pos);
        return num.matches("-?\\d+") ? JsonInt.of(Long.parseLong(num)) : JsonFloat.of(Double.parseDouble(num));
    }

    private JsonObject object() {
        pos++;
        JsonObject.Builder b = JsonObject.builder();
        skip();
        if (s.charAt(pos) == '}') {
            pos++;
            return b.build();
        }
        while (true) {
            skip();
            String key = string();
            skip();
            pos++; // ':'
            b.put(key, value());
            skip();
            if (s.charAt(pos++) == '}') {
                return b.build();
            }
        }
    }

    private String string() {
        int end = s.indexOf('"', pos + 1);
        String out = s.substring(pos + 1, end);
        pos = end + 1;
        return out;
    }
}
