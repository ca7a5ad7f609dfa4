#pragma once
#include <cstddef>

namespace conform {

// A run of bytes in a text: the raw reply, an editor's buffer, a file.
struct Span
{
    std::size_t offset = 0;
    std::size_t length = 0;

    std::size_t end() const { return offset + length; }
    bool contains(std::size_t at) const { return at >= offset && at < end(); }
    friend bool operator==(const Span&, const Span&) = default;
};

} // namespace conform
