// bench_engine: what the run engine costs on top of the provider (issue 5).
//
//   bench_engine [--cli PATH] [--runs 2000] [--concurrency 1,16,64] [--delay-ms 0,50]
//                [--stream off,on] [--cases valid,repair]
//
// For every delay, stream setting and concurrency it starts a fresh `conform-cli serve` whose
// turns wait delay_ms, then measures in this order against it:
//   raw     the engine's own first request POSTed with a bare QNetworkAccessManager;
//   valid   engine runs (OpenAI protocol, strict mode) whose first reply validates: 1 attempt;
//   repair  engine runs whose first reply misses the enum, then validates: 2 attempts.
// Overhead per attempt = engine wall per attempt - raw wall per request, both measured on the
// client, so the server's delay and its own work cancel out. Columns:
//   attempt ms      attemptStarted -> attemptFinished of each attempt (mean, p50, p95)
//   latency_ms      AttemptRecord::latencyMs, the transport's own whole-millisecond clock
//   raw ms          one bare POST, sent to reply read (mean, p50, p95)
//   overhead run    mean of (start() -> finished()) / attempts of the run, minus raw mean:
//                   everything the engine adds, request building to the finished record
//   overhead p50    attempt p50 - raw p50
//   cpu us/att      this process's CPU per engine attempt, and per raw POST CPU is this process's user+system
// time over the load (the server is another process). Exit status: 0; 1 when a run ended other
// than expected or the server did not start (said on stderr); 2 on bad arguments.
#include "bench_stats.h"
#include "load.h"
#include "replay.h"

#include "schema/schema.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <iostream>

using namespace conform;
using namespace conform::bench;

namespace {

struct Options
{
    QString cli;
    int runs = 2000;
    std::vector<int> concurrency{1, 16, 64};
    std::vector<int> delays{0, 50};
    std::vector<bool> streams{false, true};
    QStringList cases{QStringLiteral("valid"), QStringLiteral("repair")};
    int timeoutMs = 300'000; // per load
};

constexpr const char* kFakeKey = "notakey-bench-not-a-real-key";

providers::Environment fakeEnvironment()
{
    return [](const char* name) -> std::optional<std::string> {
        return std::string(name) == "OPENAI_API_KEY" ? std::optional<std::string>(kFakeKey) : std::nullopt;
    };
}

std::optional<std::vector<int>> parseInts(const QString& text, int min, int max)
{
    std::vector<int> values;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int value = part.trimmed().toInt(&ok);
        if (!ok || value < min || value > max)
            return std::nullopt;
        values.push_back(value);
    }
    return values.empty() ? std::nullopt : std::optional(values);
}

// Fills `options`; "" when the arguments are acceptable, else the complaint.
std::string parseOptions(const QStringList& arguments, Options& options)
{
    QCommandLineParser parser;
    parser.addOptions({{"cli", "conform-cli to run `serve` with.", "PATH", QStringLiteral(CONFORM_CLI_PATH)},
                       {"runs", "Engine runs per configuration (default 2000).", "N", "2000"},
                       {"concurrency", "Runs in flight, comma-separated (default 1,16,64).", "LIST", "1,16,64"},
                       {"delay-ms", "Server delay per turn, comma-separated (default 0,50).", "LIST", "0,50"},
                       {"stream", "off, on or off,on (default).", "LIST", "off,on"},
                       {"cases", "valid, repair or valid,repair (default).", "LIST", "valid,repair"},
                       {"timeout-s", "Give up on one load after this long (default 300).", "S", "300"}});
    if (!parser.parse(arguments))
        return parser.errorText().toStdString();
    options.cli = parser.value("cli");
    const auto runs = parseInts(parser.value("runs"), 1, 1'000'000);
    const auto concurrency = parseInts(parser.value("concurrency"), 1, 1000);
    const auto delays = parseInts(parser.value("delay-ms"), 0, 60'000);
    const auto timeout = parseInts(parser.value("timeout-s"), 1, 86'400);
    if (!runs || runs->size() != 1 || !concurrency || !delays || !timeout || timeout->size() != 1)
        return "--runs, --concurrency, --delay-ms and --timeout-s take positive integers (lists where named so)";
    options.runs = runs->front();
    options.concurrency = *concurrency;
    options.delays = *delays;
    options.timeoutMs = timeout->front() * 1000;
    options.streams.clear();
    for (const QString& s : parser.value("stream").split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (s != QLatin1String("off") && s != QLatin1String("on"))
            return "--stream takes off, on or off,on";
        options.streams.push_back(s == QLatin1String("on"));
    }
    options.cases = parser.value("cases").split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& c : options.cases)
        if (c != QLatin1String("valid") && c != QLatin1String("repair"))
            return "--cases takes valid, repair or valid,repair";
    if (options.streams.empty() || options.cases.isEmpty())
        return "--stream and --cases must not be empty";
    return {};
}

Json verdictSchema()
{
    return Json::parse(R"({"type": "object",
        "properties": {"verdict": {"type": "string", "enum": ["guilty", "innocent"]},
                       "confidence": {"type": "number", "minimum": 0, "maximum": 1}},
        "required": ["verdict", "confidence"], "additionalProperties": false})");
}

engine::RunSpec baseSpec(const QString& baseUrl, bool stream, std::shared_ptr<const schema::Validator> validator)
{
    engine::RunSpec spec;
    spec.schema = verdictSchema();
    spec.validator = std::move(validator); // compiled once, as a batch caller would
    spec.prompt = engine::Prompt{"You judge {{case}}.", "Judge {{case}}; answer in JSON.", {{"case", "the cookie theft"}}, {}};
    spec.targets.push_back(engine::Target{providers::ProviderKind::OpenAI, "valid", baseUrl.toStdString(),
                                          engine::ModeChoice::Strict, nullptr});
    spec.policy.stream = stream;
    spec.policy.timeoutMs = 10'000;
    spec.policy.stallTimeoutMs = 5'000;
    return spec;
}

// The engine's first request as a bare POST: its URL, body and headers, with the redacted
// credential put back (a fake key; the server does not check it).
RawRequest rawRequestFrom(const Json& request)
{
    RawRequest raw;
    raw.url = request.value("url", "");
    raw.body = request.contains("body") ? request["body"].dump() : "";
    const Json headers = request.value("headers", Json::object());
    for (const auto& [name, value] : headers.items()) {
        if (name == "authorization")
            raw.headers.emplace_back(name, std::string("Bearer ") + kFakeKey);
        else if (value.is_string() && name != "content-length" && name != "host")
            raw.headers.emplace_back(name, value.get<std::string>());
    }
    return raw;
}

double ms(double ns) { return ns / 1e6; }

void printHeader()
{
    std::printf("%5s %6s %6s %4s %5s %5s %7s %7s | %-20s | %-14s | %-20s | %-15s | %-15s\n", "delay", "stream", "case",
                "C", "runs", "att", "wall_s", "runs/s", "attempt ms mean/p50/p95", "latency_ms m/p95",
                "raw ms mean/p50/p95", "overhead ms run/p50", "cpu us/att eng/raw");
}

void printRow(int delay, bool stream, const QString& name, int concurrency, const LoadResult& e, const LoadResult& raw)
{
    const double att = std::max(1, e.attempts);
    const double seconds = e.wallNs / 1e9;
    std::printf("%5d %6s %6s %4d %5d %5d %7.2f %7.0f | %6.3f %6.3f %6.3f | %6.2f %6.0f | %6.3f %6.3f %6.3f | %7.3f %7.3f | %7.0f %7.0f\n",
                delay, stream ? "on" : "off", qPrintable(name), concurrency, e.runs, e.attempts, seconds,
                seconds > 0 ? e.runs / seconds : 0.0, ms(e.perAttemptNs.mean()), ms(e.perAttemptNs.percentile(50)),
                ms(e.perAttemptNs.percentile(95)), e.latencyMs.mean(), e.latencyMs.percentile(95),
                ms(raw.perAttemptNs.mean()), ms(raw.perAttemptNs.percentile(50)), ms(raw.perAttemptNs.percentile(95)),
                ms(e.runPerAttemptNs.mean() - raw.perAttemptNs.mean()),
                ms(e.perAttemptNs.percentile(50) - raw.perAttemptNs.percentile(50)), e.cpuSeconds / att * 1e6,
                raw.cpuSeconds / std::max(1, raw.attempts) * 1e6);
    std::fflush(stdout);
}

bool report(const std::string& what, const LoadResult& result)
{
    for (const std::string& problem : result.problems)
        std::cerr << "bench_engine: " << what << ": " << problem << '\n';
    return result.problems.empty();
}

// One server, one (delay, stream, concurrency): raw, then each case. False when anything failed.
bool measure(const Options& options, int delay, bool stream, int concurrency,
             const std::shared_ptr<const schema::Validator>& validator)
{
    const std::vector<int> perSlot = runsPerSlot(options.runs, concurrency);
    ReplayProcess server(options.cli, delay, options.cases.contains(QLatin1String("repair")) ? perSlot : std::vector<int>{});
    if (!server.ok()) {
        std::cerr << "bench_engine: " << server.error().toStdString() << '\n';
        return false;
    }
    const auto environment = fakeEnvironment();
    EngineCase valid{baseSpec(server.baseUrl(), stream, validator), [](int) { return std::string("valid"); },
                     engine::Outcome::Valid, 1};
    // One run first: it yields the exact request the raw baseline repeats.
    const LoadResult warmUp = runEngineLoad(valid, 1, 1, environment, options.timeoutMs);
    if (!report("warm-up", warmUp) || !warmUp.firstRequest.is_object())
        return false;
    const LoadResult raw = runRawLoad(rawRequestFrom(warmUp.firstRequest), options.runs, concurrency, options.timeoutMs);
    bool ok = report("raw", raw);
    for (const QString& name : options.cases) {
        EngineCase testCase = valid;
        if (name == QLatin1String("repair")) {
            testCase.modelForSlot = [](int slot) { return "repair-" + std::to_string(slot); };
            testCase.expectedOutcome = engine::Outcome::Repaired;
            testCase.expectedAttempts = 2;
        }
        const LoadResult result = runEngineLoad(testCase, options.runs, concurrency, environment, options.timeoutMs);
        printRow(delay, stream, name, concurrency, result, raw);
        ok = report(name.toStdString(), result) && ok;
    }
    return ok;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    Options options;
    if (const std::string problem = parseOptions(app.arguments(), options); !problem.empty()) {
        std::cerr << "bench_engine: error: " << problem << '\n';
        return 2;
    }
    auto compiled = schema::Validator::compile(verdictSchema());
    if (!compiled) {
        std::cerr << "bench_engine: error: " << compiled.error().toString() << '\n';
        return 2;
    }
    const auto validator = std::make_shared<const schema::Validator>(std::move(compiled).value());
    printHeader();
    bool ok = true;
    for (int delay : options.delays)
        for (bool stream : options.streams)
            for (int concurrency : options.concurrency)
                ok = measure(options, delay, stream, concurrency, validator) && ok;
    return ok ? 0 : 1;
}
