package dev.tunerd.benchmarks;

/** Representative command contents, shaped like the recorded NNI transcripts. Constants only. */
final class Payloads {

    static final String IN = "{\"lr\": {\"_type\": \"loguniform\", \"_value\": [0.0001, 0.1]}, "
        + "\"bs\": {\"_type\": \"choice\", \"_value\": [16, 32, 64]}, "
        + "\"opt\": {\"_type\": \"choice\", \"_value\": [{\"_name\": \"sgd\", \"m\": {\"_type\": \"uniform\", "
        + "\"_value\": [0.0, 0.99]}}, {\"_name\": \"adam\"}]}, \"layers\": {\"_type\": \"randint\", \"_value\": [1, 9]}}";
    static final String GE = "8";
    static final String ME = "{\"parameter_id\": 17, \"trial_job_id\": \"Ab3dE\", \"type\": \"PERIODICAL\", "
        + "\"sequence\": 12, \"value\": \"0.8723453712463379\"}";
    static final String EN = "{\"trial_job_id\":\"Ab3dE\",\"event\":\"SUCCEEDED\",\"hyper_params\":"
        + "\"{\\\"parameter_id\\\": 17, \\\"parameter_source\\\": \\\"algorithm\\\", \\\"parameters\\\": "
        + "{\\\"lr\\\": 0.0031, \\\"bs\\\": 32, \\\"layers\\\": 4}, \\\"parameter_index\\\": 0}\"}";
    static final String FD;

    static {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 100; i++) {
            sb.append(i == 0 ? "" : ", ").append("{\"parameter\": {\"lr\": 0.00").append(i + 10)
                .append(", \"bs\": 32, \"layers\": ").append(1 + i % 8).append("}, \"value\": 0.").append(500 + i)
                .append(", \"trialJobId\": \"T").append(i).append("\"}");
        }
        FD = sb.append(']').toString();
    }

    private Payloads() {
    }
}
