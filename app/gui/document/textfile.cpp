#include "document/textfile.h"

#include <QCoreApplication>
#include <QFile>

#include <cstring>

namespace conform::gui {

namespace {

// A few stray bytes (a Latin-1 "é" in a reply) are shown as replacement characters; more
// than this means the file is not text at all.
constexpr std::size_t kTolerableInvalidSequences = 4;

// Length of the valid UTF-8 sequence at `p`, or 0.
std::size_t sequenceLength(const unsigned char* p, std::size_t left)
{
    const unsigned char c = p[0];
    std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || length > left || (length == 2 && c < 0xC2))
        return 0;
    for (std::size_t i = 1; i < length; ++i)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    if (length == 3 && ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] >= 0xA0)))
        return 0; // overlong, or a UTF-16 surrogate
    if (length == 4 && ((c == 0xF0 && p[1] < 0x90) || c > 0xF4 || (c == 0xF4 && p[1] >= 0x90)))
        return 0;
    return length;
}

} // namespace

std::size_t invalidUtf8Sequences(const char* bytes, std::size_t size, std::size_t enough)
{
    const auto* p = reinterpret_cast<const unsigned char*>(bytes);
    std::size_t invalid = 0;
    for (std::size_t i = 0; i < size && invalid < enough;) {
        if (p[i] < 0x80) { // the common case, one byte at a time without the checks
            ++i;
            continue;
        }
        const std::size_t length = sequenceLength(p + i, size - i);
        invalid += length == 0;
        i += length == 0 ? 1 : length;
    }
    return invalid;
}

TextFile readTextFile(const QString& path, qint64 maxBytes)
{
    TextFile result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = file.errorString();
        return result;
    }
    if (file.size() > maxBytes) {
        result.error = QCoreApplication::translate("TextFile", "%1 MB is more than the editor opens (%2 MB); check it with conform-cli validate")
                           .arg(file.size() / (1024 * 1024))
                           .arg(maxBytes / (1024 * 1024));
        return result;
    }
    QByteArray bytes = file.readAll();
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    if (std::memchr(bytes.constData(), 0, std::size_t(bytes.size()))) {
        result.error = QCoreApplication::translate("TextFile", "not a text file (it contains NUL bytes)");
        return result;
    }
    if (invalidUtf8Sequences(bytes.constData(), std::size_t(bytes.size()), kTolerableInvalidSequences + 1)
        > kTolerableInvalidSequences) {
        result.error = QCoreApplication::translate("TextFile", "not a text file (it is not UTF-8)");
        return result;
    }
    result.utf8 = std::move(bytes);
    result.ok = true;
    return result;
}

} // namespace conform::gui
