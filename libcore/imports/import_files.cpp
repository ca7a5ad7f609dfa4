// Captures taken in from files (import_files.h): Conform's JSONL as it was exported, and calls
// recorded elsewhere (OTLP files, the providers' batch result files) judged into captures
// (libcore/ingest, otlp).
#include "imports/import_files.h"
#include "imports/lazy_writer.h"

#include "ingest/batch_files.h"
#include "json/parse.h"
#include "otlp/genai.h"
#include "otlp/joiner.h"
#include "store/capture.h"

#include <QDateTime>
#include <QFileInfo>

#include <istream>
#include <limits>
#include <map>
#include <sstream>

namespace conform::imports {

namespace {

// Progress and cancel are asked this often (in lines): cheap, and a fraction of a second apart.
constexpr std::size_t kCheckEvery = 256;

struct ImportRun
{
    const Request& request;
    Listener& listener;
    LazyWriter writer;
    ingest::Judge judge;
    store::BodyPacker packer;
    Report report;
    std::uint64_t total = 0, before = 0; // bytes of every input; of the inputs finished
    std::istringstream noInput;          // standard input when the request gave none

    ImportRun(const Request& r, Listener& l, bool freeOnReader)
        : request(r), listener(l), writer(r.store, freeOnReader), judge(r.judge)
    {
        for (const QString& path : r.paths)
            if (const QFileInfo info(path); path != QLatin1String("-") && info.isFile())
                total += std::uint64_t(info.size());
    }
    std::istream& standardInput() { return request.standardInput ? *request.standardInput : noInput; }

    void problem(const std::string& where, const std::string& what)
    {
        ++report.problems;
        listener.problem(where, what);
    }
    Status submit(store::Capture capture)
    {
        ++report.submitted;
        return writer.submit(std::move(capture));
    }
    Status take(const ingest::ObservedCall& call, const std::string& where)
    {
        auto capture = judge.capture(call);
        if (!capture) {
            problem(where, capture.error().toString());
            return Done{};
        }
        return submit(std::move(capture.value()));
    }
};

// Each line of `path` that is not blank, with its "FILE:LINE". `visit` returns an Error to
// stop the import (the store failed, a Conform line is not a capture). Nullopt at the end of
// the file; else why it stopped.
template <typename Visit>
std::optional<std::string> eachLine(const QString& path, ImportRun& run, bool counted, Visit visit)
{
    BoundedLineReader reader(path, run.standardInput(), run.request.maxBytes);
    if (!reader.ok())
        return reader.error();
    const std::string name = inputName(path);
    std::string_view line;
    std::size_t lines = 0;
    while (reader.next(line)) {
        if (++lines % kCheckEvery == 0) {
            if (counted)
                run.listener.progress(run.before + reader.bytesRead(), run.total);
            if (run.listener.cancelled()) {
                run.report.cancelled = true;
                return "cancelled at " + name + ":" + std::to_string(reader.lineNumber());
            }
        }
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        if (auto visited = visit(line, name, reader.lineNumber()); !visited)
            return visited.error().toString();
    }
    if (!reader.ok())
        return reader.error();
    if (counted) {
        run.before += reader.bytesRead();
        run.listener.progress(run.before, run.total);
    }
    return std::nullopt;
}

// The same, each line parsed as JSON first; a line that is not JSON is a problem.
template <typename Visit>
std::optional<std::string> eachJsonLine(const QString& path, ImportRun& run, bool counted, Visit visit)
{
    return eachLine(path, run, counted, [&](std::string_view line, const std::string& name, std::size_t number) -> Status {
        const std::string where = name + ":" + std::to_string(number);
        auto parsed = json::parseStrictFast(line);
        if (!parsed) {
            run.problem(where, "not JSON: " + parsed.error().toString());
            return Done{};
        }
        return visit(parsed.value(), where);
    });
}

std::optional<std::string> importConform(ImportRun& run)
{
    for (const QString& path : run.request.paths) {
        auto failed = eachLine(path, run, true, [&](std::string_view line, const std::string& name, std::size_t number) -> Status {
            auto capture = store::captureFromText(line, [line] { return store::idFromContent(line); });
            if (!capture) {
                run.problem(name + ":" + std::to_string(number), capture.error().toString());
                return Done{};
            }
            run.packer.pack(capture.value()); // here, on the reading thread: the writer's is the busier
            if (auto submitted = run.submit(std::move(capture).value()); !submitted)
                return submitted;
            if (run.report.submitted % 100'000 == 0)
                run.listener.note(std::to_string(run.report.submitted) + " line(s) read");
            return Done{};
        });
        if (failed)
            return failed;
    }
    return std::nullopt;
}

std::optional<std::string> importOtlp(ImportRun& run)
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
    for (const QString& path : run.request.paths) {
        auto failed = eachJsonLine(path, run, true, [&](const Json& line, const std::string& where) -> Status {
            auto batch = otlp::readRequest(line);
            if (!batch) {
                run.problem(where, batch.error().message);
                return Done{};
            }
            run.report.skipped += batch->otherSpans;
            for (const std::string& document : batch->captures) { // Conform's own OTLP export
                auto capture = store::captureFromText(document);
                if (!capture) {
                    run.problem(where, "a Conform capture span: " + capture.error().toString());
                    continue;
                }
                run.packer.pack(capture.value());
                if (auto submitted = run.submit(std::move(capture.value())); !submitted)
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
    run.report.orphanEvents = joiner.orphanEvents();
    return std::nullopt;
}

std::optional<std::string> importBatch(ingest::BatchFormat format, ImportRun& run)
{
    ingest::BatchRequests requests;
    if (!run.request.batchInput.isEmpty()) {
        auto failed = eachJsonLine(run.request.batchInput, run, false, [&](const Json& line, const std::string& where) -> Status {
            if (auto added = ingest::addBatchRequest(format, line, requests); !added)
                run.problem(where, added.error().toString());
            return Done{};
        });
        if (failed)
            return failed;
    }
    for (const QString& path : run.request.paths) {
        const std::string fileName = QFileInfo(path).fileName().toStdString();
        const std::int64_t fileTime = path == QLatin1String("-") ? QDateTime::currentMSecsSinceEpoch()
                                                                 : QFileInfo(path).lastModified().toMSecsSinceEpoch();
        auto failed = eachJsonLine(path, run, true, [&](const Json& line, const std::string& where) -> Status {
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

std::optional<Format> parseFormat(std::string_view name)
{
    for (Format format : {Format::Conform, Format::Otlp, Format::OpenAiBatch, Format::AnthropicBatch})
        if (formatName(format) == name)
            return format;
    return std::nullopt;
}

std::string_view formatName(Format format)
{
    switch (format) {
    case Format::Conform: return "conform";
    case Format::Otlp: return "otlp";
    case Format::OpenAiBatch: return "openai-batch";
    case Format::AnthropicBatch: return "anthropic-batch";
    }
    return "conform";
}

Format detectFormat(const QString& path, std::istream& standardInput)
{
    if (path == QLatin1String("-"))
        return Format::Conform;
    BoundedLineReader reader(path, standardInput);
    std::string_view line;
    while (reader.next(line)) {
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        auto parsed = json::parseStrict(line);
        if (!parsed || !parsed->is_object())
            return Format::Conform;
        const Json& v = parsed.value();
        if (v.contains("resourceSpans") || v.contains("resourceLogs"))
            return Format::Otlp;
        if (v.contains("custom_id") && (v.contains("response") || v.contains("error")))
            return Format::OpenAiBatch;
        if (v.contains("custom_id") && v.contains("result"))
            return Format::AnthropicBatch;
        return Format::Conform;
    }
    return Format::Conform;
}

Report importFiles(const Request& request, Listener& listener)
{
    // Conform's JSONL: the writer is the busier thread (the captures are large), so the reader
    // frees what was written; the observed formats' judging makes the reader the busier one.
    ImportRun run(request, listener, request.format == Format::Conform);
    std::optional<std::string> failed;
    switch (request.format) {
    case Format::Conform: failed = importConform(run); break;
    case Format::Otlp: failed = importOtlp(run); break;
    case Format::OpenAiBatch: failed = importBatch(ingest::BatchFormat::OpenAi, run); break;
    case Format::AnthropicBatch: failed = importBatch(ingest::BatchFormat::Anthropic, run); break;
    }
    // Whatever stopped the reading, what was read is committed: each capture whole.
    auto flushed = run.writer.flush();
    if (failed)
        run.report.error = *failed;
    else if (!flushed)
        run.report.error = flushed.error().toString();
    run.report.inserted = run.writer.inserted();
    run.report.heldWithOtherContent = run.writer.heldWithOtherContent();
    run.report.unchecked = run.judge.unchecked();
    return run.report;
}

} // namespace conform::imports
