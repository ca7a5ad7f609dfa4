#pragma once
// Result<T>: a value or an Error, for every fallible call that crosses a module boundary.
// Exceptions never leave a module; callers test ok() and read error().
#include <string>
#include <utility>
#include <variant>

namespace conform {

// What went wrong and where: `where` names the file, line or JSON pointer ("schema.json:12",
// "/properties/goals/pattern") so that a one-line message can say both.
struct Error
{
    std::string message;
    std::string where;

    // "where: message", or just the message when nothing locates it.
    std::string toString() const { return where.empty() ? message : where + ": " + message; }
};

template <typename T>
class Result
{
public:
    Result(T value) : m_state(std::move(value)) {}
    Result(Error error) : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<T>(m_state); }
    const T& value() const& { return std::get<T>(m_state); }
    T&& value() && { return std::get<T>(std::move(m_state)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const { return std::get<Error>(m_state); }

private:
    std::variant<T, Error> m_state;
};

// For calls that return nothing but may fail.
struct Done {};
using Status = Result<Done>;

} // namespace conform
