package dev.tunerd.spi;

/** An assessor's verdict on a running trial: {@code BAD} makes the dispatcher send {@code KI} for it. */
public enum AssessResult {
    GOOD, BAD
}
