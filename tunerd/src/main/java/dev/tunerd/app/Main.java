package dev.tunerd.app;

/** Entry point of the runnable jar. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.err.println("tunerd: not built yet");
        System.exit(1);
    }
}
