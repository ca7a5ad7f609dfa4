#pragma once
// Text fit for a one-line message. Messages quote input and paths, which may hold any bytes;
// printed raw, a 0xFF or an ESC reaches the user's terminal and a newline splits the line.
#include <string>
#include <cstdint>
#include <string_view>

namespace conform {

// `s` with each byte of an invalid UTF-8 sequence and each control character (line breaks,
// ESC, NUL; not tab) written as \xFF; valid text comes back as it was.
std::string escapeForMessage(std::string_view s);

// A size as a person reads it: "512 bytes", "1.2 KB", "32 MB", "1.5 GB" (1 KB = 1,024 bytes).
std::string byteSize(std::uint64_t bytes);

} // namespace conform
