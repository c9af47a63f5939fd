package dev.tunerd.it;

import static dev.tunerd.it.WsHarness.CONNECT;
import static dev.tunerd.it.WsHarness.REPLY;
import static dev.tunerd.it.WsHarness.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The three ways of docs/NNI.md to make an NNI manager run tunerd, each run as a process against a {@link
 * ManagerServer} as far as it can be without NNI itself: the interpreter stand-in started the way NNI 2.8+ starts its
 * dispatcher, the custom-tuner launcher class loaded the way {@code python -m nni} loads a custom tuner, and the
 * external dispatcher started by hand with {@code --channel}. Each session: IN, GE 2, TE.
 */
@Timeout(30)
class NniLaunchIT {

    private static final Path SCRIPTS = Path.of(TunerdProcess.launcher()).toAbsolutePath().getParent();
    private static final Path REPOSITORY = SCRIPTS.getParent();

    /** An NNI 3.0 experiment config as the manager passes it in --exp_params (camelCase, searchSpace removed). */
    static final String NNI_V3_CONFIG = """
        {"experimentName":"mnist-tunerd","searchSpaceFile":"/home/user/mnist/search_space.json",\
        "trialCommand":"python3 mnist.py","trialCodeDirectory":"/home/user/mnist","trialConcurrency":2,\
        "maxTrialNumber":50,"useAnnotation":false,"debug":false,"logLevel":"info",\
        "experimentWorkingDirectory":"/home/user/nni-experiments",\
        "tuner":{"name":"TPE","classArgs":{"optimize_mode":"maximize","seed":42}},\
        "assessor":{"name":"Medianstop","classArgs":{"optimize_mode":"maximize","start_step":5}},\
        "trainingService":{"platform":"local","trialCommand":"python3 mnist.py",\
        "trialCodeDirectory":"/home/user/mnist","debug":false,"useActiveGpu":false,"maxTrialNumberPerGpu":1,\
        "reuseMode":false}}""";

    /** What {@code python -m nni --exp_params ...} does with a custom tuner (nni/__main__.py), without NNI. */
    static final String IMITATE_NNI = """
        import argparse, base64, importlib, json, sys
        parser = argparse.ArgumentParser()
        parser.add_argument('--exp_params', type=str, required=True)
        args, _ = parser.parse_known_args()
        params = json.loads(base64.b64decode(args.exp_params).decode('utf-8'))
        tuner = params['tuner']
        sys.path.append(tuner['codeDirectory'])
        module_name, class_name = tuner['className'].rsplit('.', 1)
        getattr(importlib.import_module(module_name), class_name)(**tuner.get('classArgs', {}))
        sys.exit('the launcher returned instead of replacing the process')
        """;

    private static final String SEARCH_SPACE = "{\"x\":{\"_type\":\"uniform\",\"_value\":[0,1]},"
        + "\"y\":{\"_type\":\"choice\",\"_value\":[1,2,3]}}";

    static String base64(String json) {
        return Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void interpreterStandInStartedAsNniStartsItsDispatcher() throws Exception {
        try (ManagerServer manager = ManagerServer.start()) {
            // NNI 2.8+: [<python_interpreter>, '-m', 'nni', '--exp_params', <b64>] spawned with shell: true
            String shell = "'" + SCRIPTS.resolve("tunerd-python") + "' -m nni --exp_params " + base64(NNI_V3_CONFIG);
            try (TunerdProcess p = TunerdProcess.startCommand(List.of("/bin/sh", "-c", shell),
                WsHarness.env(manager.localhostUrl()))) {
                runSession(manager, p);
            }
        }
    }

    @Test
    void launcherClassReplacesPythonWithTunerdWhichAcceptsTheRewrittenConfig() throws Exception {
        assumeTrue(onPath("python3"), "python3 is not installed");
        JsonObject.Builder withLauncher = JsonObject.builder();
        ((JsonObject) Json.parse(NNI_V3_CONFIG)).members().forEach(withLauncher::put);
        String launcherTuner = "{\"className\":\"tunerd_launcher.TunerdLauncher\",\"codeDirectory\":\""
            + REPOSITORY.resolve("nni") + "\",\"classArgs\":{\"tunerd_tuner\":\"tpe\",\"tunerd_args\":"
            + "{\"optimize_mode\":\"maximize\",\"seed\":42}}}";
        String config = Json.write(withLauncher.put("tuner", Json.parse(launcherTuner)).build());
        try (ManagerServer manager = ManagerServer.start()) {
            Map<String, String> env = new HashMap<>(WsHarness.env(manager.url()));
            env.put("TUNERD_LAUNCHER", TunerdProcess.launcher());
            try (TunerdProcess p = TunerdProcess.startCommand(List.of("python3", "-c", IMITATE_NNI, "--exp_params",
                base64(config)), env)) {
                runSession(manager, p);
                assertTrue(p.dispatcherLog().contains("Tuner: tpe {\"optimize_mode\": \"maximize\", \"seed\": 42};"
                    + " assessor: Medianstop {\"optimize_mode\": \"maximize\", \"start_step\": 5}"), p.dispatcherLog());
            }
        }
    }

    @Test
    void externalDispatcherWithChannelFlag() throws Exception {
        try (ManagerServer manager = ManagerServer.start()) {
            Map<String, String> env = new HashMap<>(WsHarness.env(manager.url()));
            // --channel wins over a variable left in the environment
            env.put("NNI_TUNER_COMMAND_CHANNEL", "ws://127.0.0.1:" + ManagerServer.unusedPort() + "/tuner");
            try (TunerdProcess p = TunerdProcess.startCommand(List.of(TunerdProcess.launcher(), "--channel",
                manager.url(), "--exp_params", base64(NNI_V3_CONFIG)), env)) {
                runSession(manager, p);
            }
        }
    }

    static void runSession(ManagerServer manager, TunerdProcess p) throws Exception {
        manager.awaitConnections(1, CONNECT);
        manager.send(json("IN", SEARCH_SPACE));
        manager.send(json("GE", "2"));
        assertEquals("{\"type\": \"ID\", \"content\": \"\"}", manager.next(REPLY));
        for (int id = 0; id < 2; id++) {
            String tr = manager.next(REPLY);
            assertTrue(tr.startsWith("{\"type\": \"TR\", \"content\": \"{\\\"parameter_id\\\": " + id + ", "), tr);
        }
        manager.send(json("TE"));
        assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
        assertEquals(List.of("{\"type\": \"_bye_\"}"), manager.drain(Duration.ofMillis(100)));
        assertTrue(p.dispatcherLog().contains("Dispatcher started"), p.stderr());
        // the daemon names its SLF4J binding by a system property: SLF4J's own note about that stays unsaid
        assertFalse(p.stderr().contains("SLF4J"), p.stderr());
    }

    static boolean onPath(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", "command -v " + command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0;
    }
}
