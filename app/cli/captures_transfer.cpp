// captures export and captures import: JSONL in and out, one `captures show` document a
// line. Export then import into an empty store then export again gives the same bytes.
#include "captures.h"
#include "imports/import_files.h"
#include "judge_options.h"
#include "store_options.h"

#include "base/secrets.h"
#include "otlp/export.h"
#include "otlp/http_post.h"
#include "providers/http.h"
#include "store/writer.h"

#include <QSaveFile>

#include <atomic>
#include <memory>
#include <ostream>

namespace conform::cli {

namespace {

// --format otlp: OTLP/JSON trace requests (otlp/export.h), kBatch captures a request, to a
// file (one request a line) or POSTed to --to URL.
constexpr std::size_t kOtlpBatch = 100;

int exportOtlp(const QCommandLineParser& parser, const QCommandLineOption& output, const QCommandLineOption& to,
               const QCommandLineOption& header, store::Store& store, const store::Filter& filter, Io& io)
{
    otlp::Headers headers;
    if (const QByteArray env = qgetenv("OTEL_EXPORTER_OTLP_HEADERS"); !env.isEmpty())
        if (auto added = otlp::addHeaderList(env.toStdString(), headers); !added)
            return fail(io, "captures export: " + added.error().toString());
    for (const QString& entry : parser.values(header))
        if (auto added = otlp::addHeader(entry.toStdString(), headers); !added)
            return fail(io, "captures export: " + added.error().toString());
    const bool remote = parser.isSet(to);
    const QUrl url = remote ? otlp::tracesUrl(parser.value(to)) : QUrl();
    if (remote && (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))))
        return fail(io, "captures export: --to must be an http(s) URL");
    QSaveFile file(parser.value(output));
    if (!remote && parser.isSet(output) && !file.open(QIODevice::WriteOnly))
        return fail(io, parser.value(output).toStdString() + ": " + file.errorString().toStdString());
    std::vector<store::Capture> batch;
    std::size_t count = 0, requests = 0, delivered = 0;
    Status sent = Done{};
    const auto send = [&] {
        if (batch.empty())
            return true;
        // A store written before keys were masked may hold one; none leaves it (base/secrets.h).
        const std::string text = secrets::mask(dump(otlp::traceRequest(batch))) + '\n';
        count += batch.size();
        batch.clear();
        ++requests;
        if (remote) {
            sent = otlp::postJson(url, headers, QByteArray::fromStdString(text));
            delivered = sent ? count : delivered;
            return bool(sent);
        }
        if (parser.isSet(output))
            file.write(text.data(), static_cast<qint64>(text.size()));
        else
            io.out << text;
        return true;
    };
    auto exported = store.forEachCapture(filter, [&](const store::Capture& capture) {
        batch.push_back(capture);
        return batch.size() < kOtlpBatch || send();
    });
    if (exported && sent)
        send();
    if (!exported)
        return fail(io, exported.error().toString());
    if (!sent)
        return fail(io, "captures export: " + sent.error().toString() + (delivered == 0 ? std::string("; nothing was sent")
                                                                           : "; the " + std::to_string(delivered) + " capture(s) before it were sent"));
    if (!remote && parser.isSet(output) && !file.commit())
        return fail(io, parser.value(output).toStdString() + ": " + file.errorString().toStdString());
    io.out.flush();
    io.err << "conform-cli: exported " << count << " capture(s) as OTLP (" << requests << " request(s))\n";
    return Success;
}

} // namespace

namespace {

struct ExportOptions
{
    StoreOptions store;
    Option output = Option(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write to FILE."), QStringLiteral("FILE"))
                        .defaultText(QStringLiteral("standard output"))
                        .file();
    Option format = Option(QStringLiteral("format"), QStringLiteral("conform (JSONL) or otlp (OTLP/JSON trace requests)."), QStringLiteral("FORMAT"), QStringLiteral("conform"))
                        .choices({QStringLiteral("conform"), QStringLiteral("otlp")});
    Option to{QStringLiteral("to"), QStringLiteral("With --format otlp: POST to this OTLP/HTTP endpoint (/v1/traces is added to a base URL)."), QStringLiteral("URL")};
    Option header = Option(QStringLiteral("header"), QStringLiteral("With --to: a request header NAME=VALUE (also OTEL_EXPORTER_OTLP_HEADERS); never printed."), QStringLiteral("NAME=VALUE")).repeatable();
    OptionTable table() const { return store.table() + OptionTable{output, format, to, header, helpOption()}; }
};

struct ImportOptions
{
    StoreOptions store;
    MaxBytesOption maxBytes;
    Option format = Option(QStringLiteral("format"), QStringLiteral("conform (Conform's JSONL), otlp, openai-batch or anthropic-batch."), QStringLiteral("FORMAT"))
                        .defaultText(QStringLiteral("told from the first line"))
                        .choices({QStringLiteral("conform"), QStringLiteral("otlp"), QStringLiteral("openai-batch"), QStringLiteral("anthropic-batch")});
    Option input = Option(QStringLiteral("input"), QStringLiteral("A batch's input (request) file, so each request's schema and prompt are known."), QStringLiteral("FILE")).file();
    JudgeOptionFlags judge;
    OptionTable table() const { return OptionTable{store.store} + maxBytes.table() + OptionTable{format, input} + judge.table() + OptionTable{helpOption()}; }
};

} // namespace

OptionTable capturesExportOptions()
{
    return ExportOptions().table();
}

OptionTable capturesImportOptions()
{
    return ImportOptions().table();
}

int capturesExport(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const ExportOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &output = o.output, &format = o.format, &to = o.to, &header = o.header;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return fail(io, "captures export: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
    auto filter = storeOptions.filter(parser);
    if (!filter)
        return fail(io, "captures export: " + filter.error().toString());
    const QString formatName = parser.value(format);
    if (formatName != QLatin1String("conform") && formatName != QLatin1String("otlp"))
        return fail(io, "captures export: --format must be conform or otlp, not '" + formatName.toStdString() + "'");
    if (formatName != QLatin1String("otlp") && (parser.isSet(to) || parser.isSet(header)))
        return fail(io, "captures export: --to and --header go with --format otlp");
    if (parser.isSet(to) && parser.isSet(output))
        return fail(io, "captures export: --to and -o contradict each other");
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    if (formatName == QLatin1String("otlp"))
        return exportOtlp(parser, output, to, header, *store.value(), filter.value(), io);
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
        line = secrets::mask(dump(document)); // and no key this process holds (base/secrets.h)
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

// Problems to standard error as they come, the first 100 of them.
class ImportMessages : public imports::Listener
{
public:
    explicit ImportMessages(Io& io) : m_io(io) {}
    void problem(const std::string& where, const std::string& what) override
    {
        if (++m_problems <= 100)
            m_io.err << where << ": " << what << '\n';
        else if (m_problems == 101)
            m_io.err << "conform-cli: more problems follow; only the first 100 are listed\n";
    }
    void note(const std::string& message) override { m_io.err << "conform-cli: " << message << '\n' << std::flush; }

private:
    Io& m_io;
    std::size_t m_problems = 0;
};

} // namespace

int capturesImport(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const ImportOptions o;
    const StoreOptions& storeOptions = o.store;
    const MaxBytesOption& maxBytes = o.maxBytes;
    const Option &format = o.format, &input = o.input;
    const JudgeOptionFlags& judgeFlags = o.judge;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    imports::Request request;
    request.paths = parser.positionalArguments();
    request.standardInput = &io.in;
    if (request.paths.isEmpty())
        return fail(io, "captures import: give the file to import (or - for standard input)");
    std::string sizeError;
    const auto bound = maxBytes.value(parser, sizeError);
    if (!bound)
        return fail(io, "captures import: " + sizeError);
    request.maxBytes = *bound;
    const std::string formatName = parser.isSet(format) ? parser.value(format).toStdString()
                                                        : std::string(imports::formatName(imports::detectFormat(request.paths.constFirst(), io.in)));
    const auto parsedFormat = imports::parseFormat(formatName);
    if (!parsedFormat)
        return fail(io, "captures import: --format must be conform, otlp, openai-batch or anthropic-batch, not '" + formatName + "'");
    request.format = *parsedFormat;
    if (request.format == imports::Format::Conform) {
        if (request.paths.size() != 1)
            return fail(io, "captures import: give one JSONL file (or - for standard input)");
        for (const QCommandLineOption* observedOnly : {&input, &judgeFlags.schema, &judgeFlags.schemaMap})
            if (parser.isSet(*observedOnly))
                return fail(io, "captures import: --" + observedOnly->names().constFirst().toStdString() + " is for otlp and batch files, not Conform's JSONL");
    } else {
        auto judge = judgeFlags.read(parser, "captures import");
        if (!judge)
            return fail(io, judge.error().toString());
        request.judge = std::move(judge.value());
        request.batchInput = parser.value(input);
    }
    auto location = store::StoreLocation::resolve(parser.value(storeOptions.store));
    if (!location)
        return fail(io, location.error().toString());
    request.store = location.value();

    ImportMessages messages(io);
    const imports::Report report = imports::importFiles(request, messages);
    if (!report.error.empty())
        return fail(io, report.error + (report.inserted == 0 ? std::string("; nothing was imported")
                                                              : "; the " + std::to_string(report.inserted) + " capture(s) before it were imported"));
    if (report.heldWithOtherContent > 0)
        io.err << "conform-cli: " << report.heldWithOtherContent << " id(s) already held with other content: kept the stored ones\n";
    if (request.format == imports::Format::Conform) {
        io.err << "conform-cli: imported " << report.inserted << " capture(s) from " << inputName(request.paths.constFirst()) << " into "
               << location->display() << " (" << report.submitted - report.inserted << " already there; " << report.problems << " problem(s))\n";
        return report.problems > 0 ? 1 : Success;
    }
    if (report.orphanEvents > 0)
        io.err << "conform-cli: " << report.orphanEvents << " GenAI event(s) named a span that is in no file; left out\n";
    io.err << "conform-cli: imported " << report.inserted << " capture(s) from " << request.paths.size() << " " << formatName << " file(s) into "
           << location->display() << " (" << report.submitted - report.inserted << " already there; " << report.unchecked
           << " unchecked: no schema";
    if (request.format == imports::Format::Otlp)
        io.err << "; " << report.skipped << " span(s) not GenAI skipped";
    io.err << "; " << report.problems << " problem(s))\n";
    return report.problems > 0 ? 1 : Success;
}

} // namespace conform::cli
