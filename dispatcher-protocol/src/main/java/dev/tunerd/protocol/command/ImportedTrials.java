package dev.tunerd.protocol.command;

import dev.tunerd.protocol.CommandType;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Parses the lists carried by {@code FD} (imported results) and {@code AD} (resumed trials). */
final class ImportedTrials {

    private ImportedTrials() {
    }

    /** {@code FD}: each {@code value} that is a string is decoded once more (spec 3.8); empty content is no data. */
    static List<ImportedTrial> parse(String content) {
        CommandType type = CommandType.IMPORT_DATA;
        List<ImportedTrial> out = new ArrayList<>();
        JsonArray list = array(type, content);
        for (int i = 0; i < list.size(); i++) {
            Fields f = element(type, list.get(i), i);
            String trialJobId = f.optionalString("trialJobId");
            out.add(new ImportedTrial(f.required("parameter"), f.decodedValue("value"), Optional.ofNullable(trialJobId)));
        }
        return out;
    }

    /**
     * {@code AD}: records with an integer {@code parameter_id}, and (unlike NNI, which skips them) with a string one
     * (the ids advisors name); other records are skipped.
     */
    static List<ResumedTrial> parseResumed(String content) {
        CommandType type = CommandType.ADD_CUSTOMIZED_TRIAL_JOB;
        List<ResumedTrial> out = new ArrayList<>();
        JsonArray list = array(type, content);
        for (int i = 0; i < list.size(); i++) {
            Fields f = element(type, list.get(i), i);
            JsonValue id = f.required("parameter_id");
            if (id instanceof JsonInt n) {
                if (n.value() > ResumedTrial.MAX_RESUMED_ID) {
                    throw f.error("parameter_id", "must be at most " + ResumedTrial.MAX_RESUMED_ID + " (2^53 - 2: the"
                        + " next id must still be one the manager can hold exactly), got " + n.value());
                }
                out.add(new ResumedTrial(n.value(), f.required("parameters")));
            } else if (id instanceof JsonString s) {
                out.add(ResumedTrial.named(s.value(), f.required("parameters")));
            }
        }
        return out;
    }

    private static JsonArray array(CommandType type, String content) {
        if (content.isBlank()) {
            return JsonArray.EMPTY;
        }
        JsonValue v = Fields.parse(type, content, "content");
        if (v instanceof JsonArray a) {
            return a;
        }
        throw new CommandException(type, "content must be a JSON list, got " + v.typeName());
    }

    private static Fields element(CommandType type, JsonValue v, int index) {
        if (v instanceof JsonObject o) {
            return new Fields(type, o, " of element " + index);
        }
        throw new CommandException(type, "element " + index + " must be a JSON object, got " + v.typeName());
    }
}
