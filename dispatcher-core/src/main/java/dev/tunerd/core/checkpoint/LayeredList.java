package dev.tunerd.core.checkpoint;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A list that appends its own elements after a base list it never modifies nor copies (see {@link LayeredMap}).
 * Not thread-safe; the base may be read by other threads as long as nobody modifies it.
 */
final class LayeredList<E> extends AbstractList<E> implements RandomAccess {
    private final List<E> base;
    private final int baseSize;
    private final ArrayList<E> added = new ArrayList<>();

    LayeredList(List<E> base) {
        this.base = Objects.requireNonNull(base, "base");
        this.baseSize = base.size();
    }

    /** The list this one was built on (the same instance). */
    List<E> base() {
        return base;
    }

    @Override
    public E get(int index) {
        return index < baseSize ? base.get(index) : added.get(index - baseSize);
    }

    @Override
    public int size() {
        return baseSize + added.size();
    }

    @Override
    public boolean add(E e) {
        added.add(e);
        modCount++;
        return true;
    }
}
