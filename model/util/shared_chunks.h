// A list whose copies share their elements: the elements sit in chunks of kChunk, each held by a
// shared pointer, so a copy costs a pointer per chunk. Writing to a chunk that another copy
// also holds copies that chunk first (copy on write), so no copy ever sees another change.
//
// The explorer hands out a series of up to 1,500 moments of report rows, and the sync lifetimes
// of a partition, after every slice a live reader takes: copying them whole each second would
// cost more than computing the second's new points. A copy made on one thread may be read on
// another while the original goes on growing: the original only writes to chunks it holds alone.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

namespace driftscope {

template <class T, size_t kChunk = 256>
class SharedChunks {
public:
    SharedChunks() = default;
    SharedChunks(std::initializer_list<T> values)
    {
        for (const T& v : values)
            push_back(v);
    }

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const T& operator[](size_t i) const { return (*m_chunks[i / kChunk])[i % kChunk]; }
    const T& front() const { return (*this)[0]; }
    const T& back() const { return (*this)[m_size - 1]; }

    // The element to change, in a chunk no other copy holds.
    T& mutableAt(size_t i) { return own(i / kChunk)[i % kChunk]; }

    void push_back(T value)
    {
        if (m_size % kChunk == 0) {
            m_chunks.push_back(std::make_shared<std::vector<T>>());
            m_chunks.back()->reserve(kChunk);
        }
        own(m_chunks.size() - 1).push_back(std::move(value));
        ++m_size;
    }

    void clear()
    {
        m_chunks.clear();
        m_size = 0;
    }

    std::vector<T> toVector() const { return {begin(), end()}; }

    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;

        const_iterator() = default;
        const_iterator(const SharedChunks* owner, size_t i) : m_owner(owner), m_i(i) {}
        reference operator*() const { return (*m_owner)[m_i]; }
        pointer operator->() const { return &(*m_owner)[m_i]; }
        reference operator[](difference_type n) const { return (*m_owner)[static_cast<size_t>(offset(n))]; }
        const_iterator& operator++()
        {
            ++m_i;
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator before = *this;
            ++m_i;
            return before;
        }
        const_iterator& operator--()
        {
            --m_i;
            return *this;
        }
        const_iterator operator--(int)
        {
            const_iterator before = *this;
            --m_i;
            return before;
        }
        const_iterator& operator+=(difference_type n)
        {
            m_i = static_cast<size_t>(offset(n));
            return *this;
        }
        const_iterator& operator-=(difference_type n) { return *this += -n; }
        friend const_iterator operator+(const_iterator it, difference_type n) { return it += n; }
        friend const_iterator operator+(difference_type n, const_iterator it) { return it += n; }
        friend const_iterator operator-(const_iterator it, difference_type n) { return it -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b)
        {
            return static_cast<difference_type>(a.m_i) - static_cast<difference_type>(b.m_i);
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.m_i == b.m_i; }
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.m_i <=> b.m_i; }

    private:
        difference_type offset(difference_type n) const { return static_cast<difference_type>(m_i) + n; }

        const SharedChunks* m_owner = nullptr;
        size_t m_i = 0;
    };

    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, m_size}; }
    auto rbegin() const { return std::reverse_iterator<const_iterator>(end()); }
    auto rend() const { return std::reverse_iterator<const_iterator>(begin()); }

    friend bool operator==(const SharedChunks& a, const SharedChunks& b)
    {
        if (a.m_size != b.m_size)
            return false;
        for (size_t i = 0; i < a.m_size; ++i)
            if (!(a[i] == b[i]))
                return false;
        return true;
    }

private:
    std::vector<T>& own(size_t chunk)
    {
        std::shared_ptr<std::vector<T>>& c = m_chunks[chunk];
        // Held by another copy too: that copy keeps the old chunk, this one writes to its own.
        if (c.use_count() > 1) {
            auto mine = std::make_shared<std::vector<T>>();
            mine->reserve(kChunk);
            mine->assign(c->begin(), c->end());
            c = std::move(mine);
        }
        return *c;
    }

    std::vector<std::shared_ptr<std::vector<T>>> m_chunks;
    size_t m_size = 0;
};

} // namespace driftscope
