#pragma once
// Reading the documents a program is given, bounded: a regular file, a pipe the user named
// (`<(cmd)`, a FIFO), or standard input for "-". Anything else (a directory, a device such as
// /dev/zero) is refused by name before a byte is read, and no document is read past a bound
// (256 MiB unless told), so a 10 GB file or /dev/zero is a one-line error at once rather
// than a machine out of memory. conform-cli reads every input so (its --max-bytes), and so
// do the importers the workbench shares with it.
//
//   BoundedRead whole = readBounded(path, std::cin, limit);   // whole document, or `error`
//   BoundedLineReader lines(path, std::cin, limit);           // JSONL: each line bounded alike
//
// Every error is one line that names the file (and the line for JSONL); NUL bytes are kept,
// never an end, so the parsers see and refuse them with their line and column.
#include <QString>

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace conform {

inline constexpr std::uint64_t kDefaultMaxDocumentBytes = std::uint64_t(256) << 20;

// The name of an input in messages: the path as given, or "<stdin>" for "-" (or none).
std::string inputName(const QString& path);

// A whole document. `error` (when !ok) is "PATH: what", one line.
struct BoundedRead { bool ok = false; std::string text; std::string error; };
BoundedRead readBounded(const QString& path, std::istream& standardInput, std::uint64_t maxBytes = kDefaultMaxDocumentBytes);

// Lines one at a time without their line ending, in memory bounded by the longest line, from a
// file or (for "-") standard input. A line longer than `maxBytes` ends the reading with
// error() "PATH:LINE: ..." set; ok() tells an end from such a stop.
class BoundedLineReader
{
public:
    BoundedLineReader(const QString& path, std::istream& standardInput, std::uint64_t maxBytes = kDefaultMaxDocumentBytes);
    ~BoundedLineReader();
    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    bool next(std::string_view& line);                      // false at the end or on an error
    std::size_t lineNumber() const { return m_lineNumber; } // 1-based, of the last line read
    std::uint64_t bytesRead() const { return m_bytesRead; } // line endings included, for progress

private:
    bool refill();

    std::unique_ptr<std::istream> m_file;
    std::istream* m_in = nullptr;
    std::string m_name;
    std::uint64_t m_maxBytes = kDefaultMaxDocumentBytes;
    std::vector<char> m_buffer;
    std::size_t m_begin = 0; // unread bytes of m_buffer are [m_begin, m_end)
    std::size_t m_end = 0;
    bool m_atEnd = false;
    std::string m_line;
    std::string m_error;
    std::size_t m_lineNumber = 0;
    std::uint64_t m_bytesRead = 0;
};

} // namespace conform
