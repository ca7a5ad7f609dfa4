// captures export and captures import: JSONL in and out, one `captures show` document a
// line. Export then import into an empty store then export again gives the same bytes.
#include "captures.h"
#include "store_options.h"

#include "providers/http.h"
#include "store/writer.h"

#include <QSaveFile>

#include <atomic>
#include <ostream>

namespace conform::cli {

int capturesExport(const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const StoreOptions storeOptions;
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write to FILE (default: standard output)."), QStringLiteral("FILE"));
    storeOptions.addTo(parser);
    parser.addOption(output);
    if (auto done = parseSubcommand(parser, arguments, io))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return fail(io, "captures export: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
    auto filter = storeOptions.filter(parser);
    if (!filter)
        return fail(io, "captures export: " + filter.error().toString());
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    // A file is written whole or not at all: an interrupted export leaves no half file behind.
    QSaveFile file(parser.value(output));
    if (parser.isSet(output) && !file.open(QIODevice::WriteOnly))
        return fail(io, parser.value(output).toStdString() + ": " + file.errorString().toStdString());
    std::size_t count = 0;
    std::string line;
    auto exported = store.value()->forEachCapture(filter.value(), [&](const store::Capture& capture) {
        Json document = capture.document();
        // Captures recorded before headers were recorded by allowlist may hold a credential
        // header's value; none leaves the store.
        providers::redactRecordedRequests(document);
        line = dump(document);
        line += '\n';
        if (parser.isSet(output))
            file.write(line.data(), static_cast<qint64>(line.size()));
        else
            io.out << line;
        ++count;
        return true;
    });
    if (!exported)
        return fail(io, exported.error().toString());
    if (parser.isSet(output) && !file.commit())
        return fail(io, parser.value(output).toStdString() + ": " + file.errorString().toStdString());
    io.out.flush();
    io.err << "conform-cli: exported " << count << " capture(s)\n";
    return Success;
}

int capturesImport(const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const StoreOptions storeOptions;
    parser.addOption(storeOptions.store);
    if (auto done = parseSubcommand(parser, arguments, io))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return fail(io, "captures import: give one JSONL file (or - for standard input)");
    const QString path = parser.positionalArguments().constFirst();
    LineReader reader(path, io);
    if (!reader.ok())
        return fail(io, reader.error());
    auto location = store::StoreLocation::resolve(parser.value(storeOptions.store));
    if (!location)
        return fail(io, location.error().toString());
    // Parsing here while the writer's thread inserts: the two cores each do half the work.
    store::CaptureWriter writer(location.value());
    if (auto opened = writer.waitUntilOpen(); !opened)
        return fail(io, opened.error().toString());
    std::atomic<std::size_t> inserted{0};
    QObject::connect(&writer, &store::CaptureWriter::committed, &writer, [&inserted](const QStringList& ids) { inserted += static_cast<std::size_t>(ids.size()); },
                     Qt::DirectConnection);
    const std::string name = path == QLatin1String("-") ? std::string("<stdin>") : path.toStdString();
    std::size_t submitted = 0;
    std::string_view line;
    while (reader.next(line)) {
        if (line.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        auto capture = store::captureFromText(line, [line] { return store::idFromContent(line); });
        if (!capture) {
            writer.flush();
            return fail(io, name + ":" + std::to_string(reader.lineNumber()) + ": " + capture.error().toString() + " (" +
                                std::to_string(submitted) + " capture(s) before it were imported)");
        }
        writer.submit(std::move(capture).value());
        if (++submitted % 1000 == 0)
            writer.waitWhileQueuedAbove(4 * store::CaptureWriter::kMaxBatch);
        if (submitted % 100'000 == 0)
            io.err << "conform-cli: " << submitted << " line(s) read\n" << std::flush;
    }
    if (auto flushed = writer.flush(); !flushed)
        return fail(io, flushed.error().toString());
    io.err << "conform-cli: imported " << inserted.load() << " capture(s) from " << name << " into " << location->display() << " ("
           << submitted - inserted.load() << " already there)\n";
    return Success;
}

} // namespace conform::cli
