#pragma once
// What the fuzz targets here share: the input as text, a first byte that picks options (so
// the fuzzer explores them as it explores the bytes), pieces cut the way a peer sends them,
// and a file for the boundaries that read files.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace conform::fuzz {

struct Input
{
    std::uint8_t options = 0; // the first byte: each target says what its bits pick
    std::string_view rest;    // the bytes after it

    // Empty input: options 0 and no bytes.
    Input(const std::uint8_t* data, std::size_t size)
        : options(size ? data[0] : 0), rest(size ? reinterpret_cast<const char*>(data) + 1 : "", size ? size - 1 : 0)
    {
    }
};

// `text` cut into pieces of `step` bytes (0: one piece), as a socket may deliver it.
inline std::vector<std::string_view> pieces(std::string_view text, std::size_t step)
{
    std::vector<std::string_view> out;
    if (step == 0 || text.empty())
        return {text};
    for (std::size_t at = 0; at < text.size(); at += step)
        out.push_back(text.substr(at, step));
    return out;
}

// A folder of the process's own, removed at exit, for targets whose boundary reads files
// (suites, schemas): each input is written to `name` there and read back by the real loader.
inline QString writeFile(const QString& name, std::string_view bytes)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(bytes.data(), static_cast<qint64>(bytes.size()));
    return path;
}

} // namespace conform::fuzz
