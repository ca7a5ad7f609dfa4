// captures export and captures import: JSONL in and out, one `captures show` document a
// line. Export then import into an empty store then export again gives the same bytes.
#include "captures.h"
#include "store_options.h"

#include "providers/http.h"
#include "store/writer.h"

#include <QSaveFile>

#include <atomic>
#include <memory>
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

namespace {

// The store is opened at the first capture that parses: an import that fails before it
// (a file that is not JSONL, a bad first line) leaves no store file behind.
class LazyWriter
{
public:
    explicit LazyWriter(store::StoreLocation location) : m_location(std::move(location)) {}
    Status submit(store::Capture capture)
    {
        if (!m_writer) {
            m_writer = std::make_unique<store::CaptureWriter>(m_location);
            if (auto opened = m_writer->waitUntilOpen(); !opened)
                return opened.error();
            QObject::connect(m_writer.get(), &store::CaptureWriter::committed, m_writer.get(),
                             [this](const QStringList& ids) { m_inserted += static_cast<std::size_t>(ids.size()); },
                             Qt::DirectConnection);
        }
        m_writer->submit(std::move(capture));
        if (++m_submitted % 1000 == 0)
            m_writer->waitWhileQueuedAbove(4 * store::CaptureWriter::kMaxBatch);
        return Done{};
    }
    Status flush() { return m_writer ? m_writer->flush() : Status(Done{}); }
    std::size_t submitted() const { return m_submitted; }
    std::size_t inserted() const { return m_inserted.load(); }

private:
    store::StoreLocation m_location;
    std::unique_ptr<store::CaptureWriter> m_writer;
    std::atomic<std::size_t> m_inserted{0};
    std::size_t m_submitted = 0;
};

} // namespace

int capturesImport(const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const StoreOptions storeOptions;
    const MaxBytesOption maxBytes;
    parser.addOption(storeOptions.store);
    parser.addOption(maxBytes.option);
    if (auto done = parseSubcommand(parser, arguments, io))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return fail(io, "captures import: give one JSONL file (or - for standard input)");
    std::string sizeError;
    const auto bound = maxBytes.value(parser, sizeError);
    if (!bound)
        return fail(io, "captures import: " + sizeError);
    const QString path = parser.positionalArguments().constFirst();
    LineReader reader(path, io, *bound);
    if (!reader.ok())
        return fail(io, reader.error());
    auto location = store::StoreLocation::resolve(parser.value(storeOptions.store));
    if (!location)
        return fail(io, location.error().toString());
    // Parsing here while the writer's thread inserts: the two cores each do half the work.
    LazyWriter writer(location.value());
    const std::string name = inputName(path);
    const auto failAt = [&](const std::string& what) {
        writer.flush();
        return fail(io, what + " (" + std::to_string(writer.submitted()) + " capture(s) before it were imported)");
    };
    std::string_view line;
    while (reader.next(line)) {
        if (line.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        auto capture = store::captureFromText(line, [line] { return store::idFromContent(line); });
        if (!capture)
            return failAt(name + ":" + std::to_string(reader.lineNumber()) + ": " + capture.error().toString());
        if (auto submitted = writer.submit(std::move(capture).value()); !submitted)
            return fail(io, submitted.error().toString());
        if (writer.submitted() % 100'000 == 0)
            io.err << "conform-cli: " << writer.submitted() << " line(s) read\n" << std::flush;
    }
    if (!reader.ok())
        return failAt(reader.error());
    if (auto flushed = writer.flush(); !flushed)
        return fail(io, flushed.error().toString());
    io.err << "conform-cli: imported " << writer.inserted() << " capture(s) from " << name << " into " << location->display() << " ("
           << writer.submitted() - writer.inserted() << " already there)\n";
    return Success;
}

} // namespace conform::cli
