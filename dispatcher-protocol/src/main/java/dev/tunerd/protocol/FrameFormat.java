package dev.tunerd.protocol;

/**
 * The legacy pipe framing: two ASCII letters of command type, the payload length in UTF-8 bytes as zero-padded (or
 * space-padded) decimal digits, then the payload. 14 digits since NNI 1.6, 6 digits before.
 *
 * @param lengthDigits  how many digits the length field has (1 to 18)
 * @param maxFrameBytes the largest payload accepted from the manager, in bytes ({@code --max-frame-bytes}); it never
 *                      limits what the dispatcher writes, which only the length field bounds
 *                      ({@link #writableBytes()})
 */
public record FrameFormat(int lengthDigits, long maxFrameBytes) {

    /** NNI 1.6+ header: 14 digits. */
    public static final int MODERN_DIGITS = 14;
    /** NNI 1.5 and older: 6 digits. */
    public static final int LEGACY_DIGITS = 6;
    /**
     * Default limit: 1 GiB. A resume {@code FD} of 100,000 trials with a dozen parameters each is about 40 MB, so this
     * leaves a wide margin while still refusing a garbage length before anything is allocated.
     */
    public static final long DEFAULT_MAX_FRAME_BYTES = 1L << 30;

    public static final FrameFormat DEFAULT = new FrameFormat(MODERN_DIGITS, DEFAULT_MAX_FRAME_BYTES);

    public FrameFormat {
        if (lengthDigits < 1 || lengthDigits > 18) {
            throw new IllegalArgumentException("header digits must be between 1 and 18, got " + lengthDigits);
        }
        if (maxFrameBytes < 0) {
            throw new IllegalArgumentException("max frame bytes must not be negative, got " + maxFrameBytes);
        }
        long largestWritable = largestLength(lengthDigits);
        if (maxFrameBytes > largestWritable) {
            maxFrameBytes = largestWritable;
        }
        if (maxFrameBytes > Integer.MAX_VALUE - 8) {
            // a Java array cannot hold more; the limit is the smaller of the two
            maxFrameBytes = Integer.MAX_VALUE - 8;
        }
    }

    /**
     * The largest payload the length field can carry ({@code 10^digits - 1}, at most what a Java array holds): the
     * only limit on frames the dispatcher writes.
     */
    public long writableBytes() {
        return Math.min(largestLength(lengthDigits), Integer.MAX_VALUE - 8);
    }

    /** Header size in bytes: 2 letters plus the digits. */
    public int headerSize() {
        return 2 + lengthDigits;
    }

    private static long largestLength(int digits) {
        long max = 1;
        for (int i = 0; i < digits; i++) {
            max *= 10;
        }
        return max - 1;
    }
}
