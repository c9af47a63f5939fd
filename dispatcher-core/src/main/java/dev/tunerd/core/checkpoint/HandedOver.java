package dev.tunerd.core.checkpoint;

import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;

/**
 * Read-only views of collections whose owner handed them over and will not change them again (a
 * {@link StateAccumulator} that is done): {@link RecoveredState} and {@link TrialTimes} keep such a view as it is
 * instead of copying it, so a recovered history exists once. Stateless.
 */
final class HandedOver {
    private HandedOver() {
    }

    static <K, V> Map<K, V> map(Map<K, V> owned) {
        return owned instanceof MapView<K, V> ? owned : new MapView<>(owned);
    }

    static <E> List<E> list(List<E> owned) {
        return owned instanceof ListView<E> ? owned : new ListView<>(owned);
    }

    static boolean isView(Object collection) {
        return collection instanceof MapView<?, ?> || collection instanceof ListView<?>;
    }

    /** The collection behind a view (the same instance), for tests. */
    static Object owned(Object view) {
        if (view instanceof MapView<?, ?> m) {
            return m.owned;
        }
        return view instanceof ListView<?> l ? l.owned : view;
    }

    private static final class MapView<K, V> extends AbstractMap<K, V> {
        private final Map<K, V> owned;

        MapView(Map<K, V> owned) {
            this.owned = owned;
        }

        @Override
        public V get(Object key) {
            return owned.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return owned.containsKey(key);
        }

        @Override
        public int size() {
            return owned.size();
        }

        @Override
        public Set<Entry<K, V>> entrySet() {
            return Collections.unmodifiableMap(owned).entrySet();
        }
    }

    private static final class ListView<E> extends AbstractList<E> implements RandomAccess {
        private final List<E> owned;

        ListView(List<E> owned) {
            this.owned = owned;
        }

        @Override
        public E get(int index) {
            return owned.get(index);
        }

        @Override
        public int size() {
            return owned.size();
        }
    }
}
