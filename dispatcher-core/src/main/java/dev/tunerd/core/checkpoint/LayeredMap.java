package dev.tunerd.core.checkpoint;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A map that adds its own entries on top of a base map it never modifies nor copies, iterating as one
 * {@link LinkedHashMap} filled with the base's entries and then the added ones would (a key put again keeps its
 * place and takes the new value). This is how the recorder continues a recovered history without a second copy of
 * it (docs/CHECKPOINT.md section 6, "one copy of the history"). No null keys or values. Not thread-safe; the base
 * may be read by other threads as long as nobody modifies it.
 */
final class LayeredMap<K, V> extends AbstractMap<K, V> {
    private final Map<K, V> base;
    private final LinkedHashMap<K, V> added = new LinkedHashMap<>();
    private int overridden; // keys of added that base has too

    LayeredMap(Map<K, V> base) {
        this.base = Objects.requireNonNull(base, "base");
    }

    /** The map this one was built on (the same instance). */
    Map<K, V> base() {
        return base;
    }

    @Override
    public V get(Object key) {
        V v = added.get(key);
        return v != null ? v : base.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return added.containsKey(key) || base.containsKey(key);
    }

    @Override
    public V put(K key, V value) {
        Objects.requireNonNull(value, "value");
        V before = added.put(Objects.requireNonNull(key, "key"), value);
        if (before != null) {
            return before;
        }
        V inBase = base.get(key);
        if (inBase != null) {
            overridden++;
        }
        return inBase;
    }

    @Override
    public int size() {
        return base.size() + added.size() - overridden;
    }

    @Override
    public Set<Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<K, V>> iterator() {
                return new Entries();
            }

            @Override
            public int size() {
                return LayeredMap.this.size();
            }
        };
    }

    /** The base's entries (with a value put again replacing its own), then the added keys the base does not have. */
    private final class Entries implements Iterator<Entry<K, V>> {
        private final Iterator<Entry<K, V>> inBase = base.entrySet().iterator();
        private final Iterator<Entry<K, V>> inAdded = added.entrySet().iterator();
        private Entry<K, V> next;

        @Override
        public boolean hasNext() {
            if (next != null) {
                return true;
            }
            if (inBase.hasNext()) {
                Entry<K, V> e = inBase.next();
                V over = overridden == 0 ? null : added.get(e.getKey());
                next = over == null ? e : new SimpleImmutableEntry<>(e.getKey(), over);
                return true;
            }
            while (inAdded.hasNext()) {
                Entry<K, V> e = inAdded.next();
                if (overridden == 0 || !base.containsKey(e.getKey())) {
                    next = e;
                    return true;
                }
            }
            return false;
        }

        @Override
        public Entry<K, V> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Entry<K, V> e = next;
            next = null;
            return e;
        }
    }
}
