// A value or a message saying what was wrong with the input. Parsers of outside data return
// this instead of throwing, so malformed input can never escape the API as an exception.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace driftscope {

struct Error {
    std::string message;
};

template <class T>
class Result {
public:
    Result(T value) : m_state(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : m_state(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T& value() const
    {
        assert(ok());
        return std::get<0>(m_state);
    }
    T& value()
    {
        assert(ok());
        return std::get<0>(m_state);
    }
    const T& operator*() const { return value(); }
    T& operator*() { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }

    const std::string& error() const
    {
        assert(!ok());
        return std::get<1>(m_state).message;
    }

private:
    std::variant<T, Error> m_state;
};

} // namespace driftscope
