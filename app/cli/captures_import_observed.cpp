// captures import --format otlp|openai-batch|anthropic-batch: calls recorded elsewhere (OTLP
// files, the providers' batch result files) judged into captures (libcore/ingest, otlp).
// A bad line or span is reported as FILE:LINE: reason and the rest imported; ids come from
// the records (trace and span ids, custom_id), so importing again adds nothing.
#include "captures.h"
#include "input.h"
#include "lazy_writer.h"

#include "ingest/batch_files.h"
#include "json/parse.h"
#include "otlp/genai.h"
#include "otlp/joiner.h"

#include <QDateTime>
#include <QFileInfo>

#include <ostream>

namespace conform::cli {

namespace {

struct ImportRun
{
    Io& io;
    LazyWriter& writer;
    ingest::Judge judge;
    std::size_t problems = 0, skipped = 0, calls = 0;

    void problem(const std::string& where, const std::string& what)
    {
        ++problems;
        if (problems <= 100)
            io.err << where << ": " << what << '\n';
        else if (problems == 101)
            io.err << "conform-cli: more problems follow; only the first 100 are listed\n";
    }
    Status take(const ingest::ObservedCall& call, const std::string& where)
    {
        auto capture = judge.capture(call);
        if (!capture) {
            problem(where, capture.error().toString());
            return Done{};
        }
        ++calls;
        return writer.submit(std::move(capture.value()));
    }
};

template <typename Visit>
std::optional<std::string> eachJsonLine(const QString& path, std::uint64_t maxBytes, ImportRun& run, Visit visit)
{
    LineReader reader(path, run.io, maxBytes);
    if (!reader.ok())
        return reader.error();
    const std::string name = inputName(path);
    std::string_view line;
    while (reader.next(line)) {
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        const std::string where = name + ":" + std::to_string(reader.lineNumber());
        auto parsed = json::parseStrictFast(line);
        if (!parsed) {
            run.problem(where, "not JSON: " + parsed.error().toString());
            continue;
        }
        if (auto visited = visit(parsed.value(), where); !visited)
            return visited.error().toString();
    }
    if (!reader.ok())
        return reader.error();
    return std::nullopt;
}

std::optional<std::string> importOtlp(const QStringList& paths, std::uint64_t maxBytes, ImportRun& run)
{
    // A span's events may be in a later file (the file exporter writes traces and logs
    // apart), so a span waits until it has its reply; spans that have it are judged as soon as
    // those before them are, so the writer's thread works while this one reads on, and the
    // store's order is the files' order. Past 50,000 spans held (replies far behind), those
    // with their reply go early, so memory stays bounded.
    otlp::SpanJoiner joiner(std::numeric_limits<std::int64_t>::max() / 4);
    std::size_t nextCheck = 50'000;
    std::map<std::string, std::string> whereOf; // span id -> FILE:LINE, for problems found when judged
    const auto judge = [&](std::vector<otlp::GenAiSpan> spans) -> Status {
        for (const otlp::GenAiSpan& span : spans) {
            const auto where = whereOf.find(span.spanId);
            if (auto taken = run.take(otlp::callOfSpan(span), (where == whereOf.end() ? std::string("span") : where->second) + " (span " + span.spanId + ")"); !taken)
                return taken;
            if (where != whereOf.end())
                whereOf.erase(where);
        }
        return Done{};
    };
    for (const QString& path : paths) {
        auto failed = eachJsonLine(path, maxBytes, run, [&](const Json& line, const std::string& where) -> Status {
            auto batch = otlp::readRequest(line);
            if (!batch) {
                run.problem(where, batch.error().message);
                return Done{};
            }
            run.skipped += batch->otherSpans;
            for (const std::string& document : batch->captures) { // Conform's own OTLP export
                auto capture = store::captureFromText(document);
                if (!capture) {
                    run.problem(where, "a Conform capture span: " + capture.error().toString());
                    continue;
                }
                ++run.calls;
                if (auto submitted = run.writer.submit(std::move(capture.value())); !submitted)
                    return submitted;
            }
            for (const std::string& problem : batch->problems)
                run.problem(where, problem);
            for (otlp::GenAiSpan& span : batch->spans) {
                whereOf.emplace(span.spanId, where);
                joiner.addSpan(std::move(span), 0);
            }
            for (otlp::GenAiEvent& event : batch->events)
                joiner.addEvent(std::move(event), 0);
            if (auto judged = judge(joiner.completeInOrder()); !judged)
                return judged;
            if (joiner.heldSpans() >= nextCheck) {
                if (auto judged = judge(joiner.ready(0)); !judged)
                    return judged;
                nextCheck = std::max<std::size_t>(50'000, 2 * joiner.heldSpans());
            }
            return Done{};
        });
        if (failed)
            return failed;
    }
    if (auto judged = judge(joiner.drain()); !judged)
        return judged.error().toString();
    if (joiner.orphanEvents() > 0)
        run.io.err << "conform-cli: " << joiner.orphanEvents() << " GenAI event(s) named a span that is in no file; left out\n";
    return std::nullopt;
}

std::optional<std::string> importBatch(ingest::BatchFormat format, const QStringList& paths, const QString& input, std::uint64_t maxBytes,
                                       ImportRun& run)
{
    ingest::BatchRequests requests;
    if (!input.isEmpty()) {
        auto failed = eachJsonLine(input, maxBytes, run, [&](const Json& line, const std::string& where) -> Status {
            if (auto added = ingest::addBatchRequest(format, line, requests); !added)
                run.problem(where, added.error().toString());
            return Done{};
        });
        if (failed)
            return failed;
    }
    for (const QString& path : paths) {
        const std::string fileName = QFileInfo(path).fileName().toStdString();
        const std::int64_t fileTime = path == QLatin1String("-") ? QDateTime::currentMSecsSinceEpoch()
                                                                 : QFileInfo(path).lastModified().toMSecsSinceEpoch();
        auto failed = eachJsonLine(path, maxBytes, run, [&](const Json& line, const std::string& where) -> Status {
            auto call = ingest::callOfBatchLine(format, line, requests, fileName, fileTime);
            if (!call) {
                run.problem(where, call.error().toString());
                return Done{};
            }
            return run.take(call.value(), where);
        });
        if (failed)
            return failed;
    }
    return std::nullopt;
}

} // namespace

std::string detectImportFormat(const QString& path, Io& io)
{
    if (path == QLatin1String("-"))
        return "conform";
    LineReader reader(path, io);
    std::string_view line;
    while (reader.next(line)) {
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        auto parsed = json::parseStrict(line);
        if (!parsed || !parsed->is_object())
            return "conform";
        const Json& v = parsed.value();
        if (v.contains("resourceSpans") || v.contains("resourceLogs"))
            return "otlp";
        if (v.contains("custom_id") && (v.contains("response") || v.contains("error")))
            return "openai-batch";
        if (v.contains("custom_id") && v.contains("result"))
            return "anthropic-batch";
        return "conform";
    }
    return "conform";
}

int capturesImportObserved(const std::string& format, const QStringList& paths, const QString& input, ingest::JudgeOptions judge,
                           const store::StoreLocation& location, std::uint64_t maxBytes, Io& io)
{
    // The captures go to the writer's thread with their run as text (ingest::Judge), and
    // inserting them is then the busier half: this thread frees what was written.
    LazyWriter writer(location, true);
    ImportRun run{io, writer, ingest::Judge(std::move(judge))};
    const std::optional<std::string> failed = format == "otlp"
        ? importOtlp(paths, maxBytes, run)
        : importBatch(format == "openai-batch" ? ingest::BatchFormat::OpenAi : ingest::BatchFormat::Anthropic, paths, input, maxBytes, run);
    if (failed) {
        writer.flush();
        return fail(io, *failed + " (" + std::to_string(writer.submitted()) + " capture(s) before it were imported)");
    }
    if (auto flushed = writer.flush(); !flushed)
        return fail(io, flushed.error().toString());
    io.err << "conform-cli: imported " << writer.inserted() << " capture(s) from " << paths.size() << " " << format << " file(s) into "
           << location.display() << " (" << writer.submitted() - writer.inserted() << " already there; " << run.judge.unchecked()
           << " unchecked: no schema";
    if (format == "otlp")
        io.err << "; " << run.skipped << " span(s) not GenAI skipped";
    io.err << "; " << run.problems << " problem(s))\n";
    return run.problems > 0 ? 1 : Success;
}

} // namespace conform::cli
