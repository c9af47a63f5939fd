package dev.tunerd.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.command.InboundCommands;
import dev.tunerd.spi.space.SearchSpace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The warm-up swallows its failures, so a sample that stopped parsing would only make starts slower: check them. */
class StartupWarmupTest {

    @Test
    void everySampleIsAValidCommandOfTheHotPath() {
        List<InboundCommand> parsed = StartupWarmup.SAMPLE.stream().map(InboundCommands::parse).toList();
        assertInstanceOf(InboundCommand.Initialize.class, parsed.get(0));
        assertInstanceOf(InboundCommand.RequestTrialJobs.class, parsed.get(1));
        assertInstanceOf(InboundCommand.ReportMetric.class, parsed.get(2));
        assertInstanceOf(InboundCommand.ReportMetric.class, parsed.get(3));
        assertInstanceOf(InboundCommand.TrialEnd.class, parsed.get(4));
        assertEquals(0L, ((InboundCommand.TrialEnd) parsed.get(4)).parameterId());
        SearchSpace space = SearchSpace.parse(((InboundCommand.Initialize) parsed.get(0)).searchSpace(),
            SearchSpace.ALL_TYPES);
        assertEquals(3, space.parameters().size());
    }
}
