// Bounded reading of documents (bounded_input.h): the kind of file first, then never more
// bytes than the bound, whatever the file says its size is.
#include "base/bounded_input.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <istream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace conform {
namespace {

constexpr std::size_t kReadBlock = 1 << 20;
// simdjson reads up to this far past a text's end; room for it spares a copy of the text.
constexpr std::size_t kParserPadding = 64;

bool isStdin(const QString& path)
{
    return path.isEmpty() || path == QLatin1String("-");
}

std::string describeBound(std::uint64_t bytes)
{
    const std::string exact = std::to_string(bytes) + "-byte";
    for (const auto& [unit, name] : {std::pair{std::uint64_t(1) << 30, " GiB"}, std::pair{std::uint64_t(1) << 20, " MiB"},
                                     std::pair{std::uint64_t(1) << 10, " KiB"}})
        if (bytes >= unit && bytes % unit == 0)
            return std::to_string(bytes / unit) + name + " (" + exact + ")";
    return exact;
}

std::string tooLarge(const std::string& where, const char* what, std::uint64_t bound)
{
    return where + ": " + what + " larger than the " + describeBound(bound)
        + " limit on one document (--max-bytes N to change it)";
}

// Why `path` may not be read as a document, or "" when it may: only regular files and pipes,
// which is what a user names on purpose (a FIFO, `<(cmd)`).
std::string refusal(const QString& path, const struct stat& info)
{
    const std::string name = path.toStdString();
    if (S_ISREG(info.st_mode) || S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode))
        return {};
    if (S_ISDIR(info.st_mode))
        return name + ": is a directory, not a document";
    if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode))
        return name + ": is a device, not a document (give a regular file, a pipe or - for standard input)";
    return name + ": is not a regular file or a pipe";
}

std::string openError(const QString& path)
{
    QFile probe(path); // Qt's wording, as every other file error of the CLI
    probe.open(QIODevice::ReadOnly);
    return path.toStdString() + ": " + probe.errorString().toStdString();
}

BoundedRead readStream(std::istream& in, const std::string& name, std::uint64_t maxBytes)
{
    BoundedRead result;
    std::streambuf* buffer = in.rdbuf();
    for (;;) {
        const std::size_t had = result.text.size();
        const std::size_t want = std::size_t(std::min<std::uint64_t>(kReadBlock, maxBytes + 1 - had));
        result.text.resize(had + want);
        const auto got = std::size_t(std::max<std::streamsize>(0, buffer->sgetn(result.text.data() + had, std::streamsize(want))));
        result.text.resize(had + got);
        if (result.text.size() > maxBytes) {
            result.text = {};
            result.error = tooLarge(name, "the input is", maxBytes);
            return result;
        }
        if (got < want)
            break;
    }
    result.ok = true;
    return result;
}

BoundedRead readDescriptor(int fd, const struct stat& info, const std::string& name, std::uint64_t maxBytes)
{
    BoundedRead result;
    if (S_ISREG(info.st_mode) && std::uint64_t(info.st_size) > maxBytes) {
        result.error = tooLarge(name, "the file is", maxBytes);
        return result;
    }
    const auto expected = std::size_t(info.st_size);
    if (S_ISREG(info.st_mode))
        result.text.reserve(expected + kParserPadding);
    for (;;) {
        const std::size_t had = result.text.size();
        std::size_t want = std::size_t(std::min<std::uint64_t>(kReadBlock, maxBytes + 1 - had));
        if (S_ISREG(info.st_mode)) // within the reserved room: the text is never copied to grow
            want = std::min(want, had < expected ? expected - had : kParserPadding / 2);
        result.text.resize(had + want);
        const ssize_t got = ::read(fd, result.text.data() + had, want);
        if (got < 0 && errno == EINTR) {
            result.text.resize(had);
            continue;
        }
        if (got < 0) {
            result.error = name + ": " + std::strerror(errno);
            result.text = {};
            return result;
        }
        result.text.resize(had + std::size_t(got));
        if (result.text.size() > maxBytes) { // a file that grew, or a pipe
            result.text = {};
            result.error = tooLarge(name, S_ISREG(info.st_mode) ? "the file is" : "the input is", maxBytes);
            return result;
        }
        if (got == 0)
            break;
    }
    result.ok = true;
    return result;
}

} // namespace

std::string inputName(const QString& path)
{
    return isStdin(path) ? std::string("<stdin>") : path.toStdString();
}

BoundedRead readBounded(const QString& path, std::istream& standardInput, std::uint64_t maxBytes)
{
    if (isStdin(path))
        return readStream(standardInput, inputName(path), maxBytes);
    BoundedRead result;
    const QByteArray local = QFile::encodeName(path);
    const int fd = ::open(local.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        result.error = openError(path);
        return result;
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        result.error = path.toStdString() + ": " + std::strerror(errno);
    } else if (std::string refused = refusal(path, info); !refused.empty()) {
        result.error = std::move(refused);
    } else {
        result = readDescriptor(fd, info, path.toStdString(), maxBytes);
    }
    ::close(fd);
    return result;
}

BoundedLineReader::BoundedLineReader(const QString& path, std::istream& standardInput, std::uint64_t maxBytes)
    : m_name(inputName(path)), m_maxBytes(maxBytes)
{
    if (isStdin(path)) {
        m_in = &standardInput;
        return;
    }
    struct stat info {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0) {
        m_error = openError(path);
        return;
    }
    if (m_error = refusal(path, info); !m_error.empty())
        return;
    auto file = std::make_unique<std::ifstream>(QFile::encodeName(path).toStdString(), std::ios::binary);
    if (!*file) {
        m_error = openError(path);
        return;
    }
    m_in = file.get();
    m_file = std::move(file);
}

BoundedLineReader::~BoundedLineReader() = default;

bool BoundedLineReader::refill()
{
    if (m_atEnd || !m_in)
        return false;
    m_buffer.resize(kReadBlock);
    const std::streamsize got = m_in->rdbuf()->sgetn(m_buffer.data(), std::streamsize(m_buffer.size()));
    m_begin = 0;
    m_end = got > 0 ? std::size_t(got) : 0;
    m_atEnd = m_end == 0;
    return !m_atEnd;
}

bool BoundedLineReader::next(std::string_view& line)
{
    if (!ok())
        return false;
    // A line that ends inside the buffer is handed out where it stands (the view lives until
    // the next call either way): a copy less of every byte of a large JSONL file. A line that
    // runs past the buffer, or past the bound, is gathered and judged below.
    if (m_begin < m_end) {
        const char* from = m_buffer.data() + m_begin;
        const auto* newline = static_cast<const char*>(std::memchr(from, '\n', m_end - m_begin));
        const std::size_t take = newline ? std::size_t(newline - from) : 0;
        if (newline && take <= m_maxBytes + 1) {
            m_begin += take + 1;
            m_bytesRead += take + 1;
            ++m_lineNumber;
            line = std::string_view(from, take > 0 && from[take - 1] == '\r' ? take - 1 : take);
            if (line.size() > m_maxBytes) {
                m_error = tooLarge(m_name + ":" + std::to_string(m_lineNumber), "line", m_maxBytes);
                line = {};
                return false;
            }
            return true;
        }
    }
    m_line.clear();
    bool ended = false; // by a newline
    while (!ended) {
        if (m_begin == m_end && !refill())
            break;
        const char* from = m_buffer.data() + m_begin;
        const auto* newline = static_cast<const char*>(std::memchr(from, '\n', m_end - m_begin));
        const std::size_t take = newline ? std::size_t(newline - from) : m_end - m_begin;
        if (m_line.size() + take > m_maxBytes + 1) { // + 1: a '\r' before the newline is no content
            m_error = tooLarge(m_name + ":" + std::to_string(m_lineNumber + 1), "line", m_maxBytes);
            m_line = {};
            return false;
        }
        m_line.append(from, take);
        m_begin += take + (newline ? 1 : 0);
        m_bytesRead += take + (newline ? 1 : 0);
        ended = newline != nullptr;
    }
    if (!ended && m_line.empty())
        return false;
    ++m_lineNumber;
    if (!m_line.empty() && m_line.back() == '\r')
        m_line.pop_back();
    if (m_line.size() > m_maxBytes) {
        m_error = tooLarge(m_name + ":" + std::to_string(m_lineNumber), "line", m_maxBytes);
        return false;
    }
    line = m_line;
    return true;
}

} // namespace conform
