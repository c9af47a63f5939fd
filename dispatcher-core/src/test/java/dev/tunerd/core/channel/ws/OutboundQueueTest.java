package dev.tunerd.core.channel.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.ws.WsForm;
import dev.tunerd.protocol.ws.WsMessageCodec;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutboundQueueTest {

    private final WsMessageCodec raw = new WsMessageCodec(WsForm.RAW);
    private final OutboundQueue queue = new OutboundQueue();

    @Test
    void writesInOrderAndForgetsWhatWasWritten() {
        EmbeddedChannel connection = new EmbeddedChannel();
        queue.add(ge("1"));
        queue.add(ge("2"));
        ChannelFuture last = queue.flush(connection, raw);
        assertTrue(last.isSuccess());
        assertEquals(List.of("GE1", "GE2"), written(connection));
        assertEquals(0, queue.requeueUnwritten());
        assertEquals(0, queue.waiting());
        assertNull(queue.flush(connection, raw), "nothing waiting");
    }

    @Test
    void failedWritesWaitAgainAheadOfNewerCommandsInTheirOrder() {
        EmbeddedChannel first = new EmbeddedChannel();
        queue.add(ge("sent"));
        queue.flush(first, raw);
        first.close();
        queue.add(ge("a"));
        queue.add(ge("b"));
        ChannelFuture failed = queue.flush(first, raw);
        assertFalse(failed.isSuccess());
        assertEquals(2, queue.requeueUnwritten());
        queue.add(ge("c"));
        assertEquals(3, queue.waiting());

        EmbeddedChannel second = new EmbeddedChannel();
        queue.flush(second, raw);
        assertEquals(List.of("GEa", "GEb", "GEc"), written(second));
        assertEquals(0, queue.requeueUnwritten(), "nothing is sent twice");
    }

    private static Command ge(String content) {
        return new Command(CommandType.REQUEST_TRIAL_JOBS, content);
    }

    private static List<String> written(EmbeddedChannel connection) {
        List<String> texts = new ArrayList<>();
        for (Object o = connection.readOutbound(); o != null; o = connection.readOutbound()) {
            TextWebSocketFrame frame = (TextWebSocketFrame) o;
            texts.add(frame.text());
            frame.release();
        }
        return texts;
    }
}
