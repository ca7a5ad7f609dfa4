// --max-bytes (input.h); the reading itself is libcore's (base/bounded_input.h).
#include "input.h"
#include "command.h"

#include <QCommandLineParser>

namespace conform::cli {

ReadResult readInput(const QString& path, Io& io, std::uint64_t maxBytes)
{
    return readBounded(path, io.in, maxBytes);
}

LineReader::LineReader(const QString& path, Io& io, std::uint64_t maxBytes) : BoundedLineReader(path, io.in, maxBytes) {}

MaxBytesOption::MaxBytesOption()
    : option(QStringLiteral("max-bytes"),
             QStringLiteral("Refuse a document (or a JSONL line) larger than N bytes; K, M and G suffixes for KiB, MiB, GiB."),
             QStringLiteral("N"))
{
    option.defaultText(QStringLiteral("256M"));
}

std::optional<std::uint64_t> MaxBytesOption::value(const QCommandLineParser& parser, std::string& error) const
{
    if (!parser.isSet(option))
        return kDefaultMaxDocumentBytes;
    QString text = parser.value(option).trimmed();
    std::uint64_t unit = 1;
    if (!text.isEmpty()) {
        const QChar last = text.back().toUpper();
        unit = last == QLatin1Char('K') ? 1u << 10 : last == QLatin1Char('M') ? 1u << 20 : last == QLatin1Char('G') ? 1u << 30 : 1;
        if (unit != 1)
            text.chop(1);
    }
    bool ok = false;
    const qulonglong count = text.toULongLong(&ok);
    // At most 1 TiB: beyond any real document, and far from overflowing the byte count.
    if (!ok || count == 0 || count > (std::uint64_t(1) << 40) / unit) {
        error = "--max-bytes must be a size in bytes such as 1000, 64K or 256M, not '" + parser.value(option).toStdString() + "'";
        return std::nullopt;
    }
    return std::uint64_t(count) * unit;
}

} // namespace conform::cli
