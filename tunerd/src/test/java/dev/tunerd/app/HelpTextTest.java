package dev.tunerd.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.cli.DaemonCommand;
import dev.tunerd.core.cli.DaemonWiring;
import dev.tunerd.core.cli.TunerdCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's {@code --help} renders without picocli's format warnings (a bare {@code %} in a description). */
class HelpTextTest {

    @Test
    void everyCommandsHelpRendersCleanly() {
        StringWriter sink = new StringWriter();
        CommandLine root = TunerdCli.commandLine(new DaemonCommand(DaemonWiring.DEFAULT), new PrintWriter(sink),
            new PrintWriter(sink));
        Main.addSubcommands(root);
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        assertTrue(all.size() > 8, "subcommands found: " + all.size());

        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        List<String> warned = new ArrayList<>();
        try {
            for (CommandLine c : all) {
                captured.reset();
                System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
                String usage = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
                System.setErr(err);
                assertFalse(usage.isBlank(), c.getCommandName());
                String warnings = captured.toString(StandardCharsets.UTF_8);
                if (warnings.contains("[picocli WARN]")) {
                    warned.add(c.getCommandSpec().qualifiedName() + ": " + warnings.strip());
                }
            }
        } finally {
            System.setErr(err);
        }
        assertEquals(List.of(), warned);
    }

    private static void collect(CommandLine c, List<CommandLine> out) {
        out.add(c);
        c.getSubcommands().values().stream().distinct().forEach(s -> collect(s, out));
    }
}
