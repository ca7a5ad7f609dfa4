#include "store/capture.h"

#include "store/detail/body_packing.h"
#include "store/detail/capture_detail.h"
#include "store/capture_spec.h"
#include "store/signature.h"

#include "base/json_access.h"
#include "base/names.h"
#include "engine/run_flag.h"
#include "providers/http.h"
#include "providers/provider.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QRandomGenerator>

#include <algorithm>
#include <array>
#include <limits>

namespace conform::store {

namespace {

constexpr const auto& kOutcomes = engine::kOutcomeNames;
// The store's flag bits are the flags' order in engine::kRunFlagNames.
constexpr const auto& kFlags = engine::kRunFlagNames;

std::string uuidShaped(const std::array<unsigned char, 16>& bytes)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            out += '-';
        out += hex[bytes[i] >> 4];
        out += hex[bytes[i] & 15];
    }
    return out;
}

Json stringOr(const Json& object, const char* key, Json fallback)
{
    if (object.is_object()) {
        const auto it = object.find(key);
        if (it != object.end() && it->is_string())
            return *it;
    }
    return fallback;
}

std::int64_t integerAt(const Json& object, const char* key)
{
    if (!object.is_object())
        return 0;
    const auto it = object.find(key);
    if (it == object.end())
        return 0;
    // Clamped, never wrapped or cast out of range (an imported document may say anything).
    if (it->is_number_unsigned())
        return static_cast<std::int64_t>(std::min<std::uint64_t>(it->get<std::uint64_t>(), std::numeric_limits<std::int64_t>::max()));
    if (it->is_number_integer())
        return it->get<std::int64_t>();
    if (it->is_number_float()) {
        const double d = it->get<double>();
        return d >= -9.2e18 && d <= 9.2e18 ? static_cast<std::int64_t>(d) : 0;
    }
    return 0;
}

// A token count of a usage object; an unknown one (tokenCount's -1) reads as 0 and sets the
// summary's tokens_unknown flag.
std::int64_t tokensAt(const Json& usage, const char* key, CaptureSummary& s)
{
    const std::int64_t n = tokenCount(member(usage, key));
    if (n >= 0)
        return n;
    s.flags |= TokensUnknown;
    return 0;
}

bool trueAt(const Json& object, const char* key)
{
    if (!object.is_object())
        return false;
    const auto it = object.find(key);
    return it != object.end() && it->is_boolean() && it->get<bool>();
}

// The attempt whose reply the run ended on: the last valid one, else the best kept, else the
// last that answered at all.
std::optional<std::size_t> finalAttempt(const Json& run)
{
    const Json& attempts = run["attempts"];
    for (std::size_t i = attempts.size(); i-- > 0;)
        if (trueAt(attempts[i], "valid"))
            return i;
    if (run.contains("best_attempt") && run["best_attempt"].is_number_unsigned() && run["best_attempt"].get<std::size_t>() < attempts.size())
        return run["best_attempt"].get<std::size_t>();
    for (std::size_t i = attempts.size(); i-- > 0;)
        if (attempts[i].is_object() && attempts[i].contains("raw") && attempts[i]["raw"].is_string() && !attempts[i]["raw"].get_ref<const std::string&>().empty())
            return i;
    return std::nullopt;
}

void summarizeAttempts(const Json& run, CaptureSummary& s)
{
    const Json& attempts = run["attempts"];
    s.attempts = static_cast<int>(attempts.size());
    bool first = true;
    for (const Json& a : attempts) {
        if (trueAt(a, "not_enforced"))
            s.flags |= NotEnforced;
        if (!run.contains("metrics")) {
            s.repairs += integerAt(a, "repair") > 0 ? 1 : 0;
            s.latencyMs += integerAt(a, "latency_ms");
        }
        const Json usage = a.is_object() ? a.value("usage", Json::object()) : Json::object();
        s.tokensIn += tokensAt(usage, "input", s);
        s.tokensOut += tokensAt(usage, "output", s);
        s.tokensCached += tokensAt(usage, "cached", s);
        if (std::exchange(first, false)) {
            s.firstTokensIn = tokensAt(usage, "input", s);
            s.firstTokensOut = tokensAt(usage, "output", s);
            s.firstTokensCached = tokensAt(usage, "cached", s);
        }
        const Json retries = a.is_object() ? a.value("retries", Json::array()) : Json::array();
        for (const Json& retry : retries) // failed tries that reported usage were billed
            if (retry.is_object() && retry.contains("usage")) {
                s.tokensIn += tokensAt(retry["usage"], "input", s);
                s.tokensOut += tokensAt(retry["usage"], "output", s);
                s.tokensCached += tokensAt(retry["usage"], "cached", s);
            }
    }
    if (const Json& metrics = run.contains("metrics") ? run["metrics"] : Json(); metrics.is_object()) {
        s.repairs = static_cast<int>(integerAt(metrics, "repairs"));
        s.latencyMs = integerAt(metrics, "latency_ms");
    }
    s.parseOkFirst = !attempts.empty() && trueAt(attempts[0], "parsed");
    // A cut reply is never valid, whatever extraction made of it; nor one judged by no schema.
    s.firstTryValid = !attempts.empty() && trueAt(attempts[0], "valid") && !trueAt(attempts[0], "truncated")
        && attempts[0].value("checked", true) != false;
}

void summarizeTarget(const Json& run, const Json& spec, CaptureSummary& s)
{
    const Json& attempts = run["attempts"];
    std::string label;
    if (!attempts.empty()) {
        label = stringOr(attempts.back(), "target", "").get<std::string>();
        s.mode = stringOr(attempts.back(), "mode", "").get<std::string>();
    }
    if (label.empty() && spec.contains("targets") && spec["targets"].is_array() && !spec["targets"].empty()) {
        const Json& first = spec["targets"][0];
        s.provider = stringOr(first, "provider", "").get<std::string>();
        s.model = stringOr(first, "model", "").get<std::string>();
        if (s.mode.empty())
            s.mode = stringOr(first, "mode", "").get<std::string>();
        return;
    }
    const std::size_t slash = label.find('/');
    s.provider = label.substr(0, slash);
    s.model = slash == std::string::npos ? std::string() : label.substr(slash + 1);
    // A scenario has no model; its name tells demo runs apart in lists and groups.
    if (s.model.empty() && spec.contains("targets") && spec["targets"].is_array())
        for (const Json& target : spec["targets"])
            if (stringOr(target, "provider", "") == s.provider && target.contains("scenario"))
                s.model = stringOr(target, "scenario", "").get<std::string>();
}

// Fills the summary and the final reply from the parts every capture has (the spec's texts
// and hashes already in place); the one path for new runs and imported documents alike.
void summarize(Capture& c)
{
    CaptureSummary& s = c.summary;
    s.outcome = outcomeCode(c.run["outcome"].get<std::string>()).value_or(static_cast<int>(OutcomeCode::Failed));
    s.flags = 0;
    for (const Json& flag : c.run.value("flags", Json::array()))
        if (flag.is_string())
            s.flags |= flagBit(flag.get<std::string>()).value_or(0);
    // Written before `unchecked` existed: a reply judged by no schema was "valid", labelled
    // validated=false. Read as what it was.
    if (s.outcome == static_cast<int>(OutcomeCode::Valid) && labelValue(s.labels, "validated") == "false")
        s.outcome = static_cast<int>(OutcomeCode::Unchecked);
    summarizeAttempts(c.run, s);
    if (s.outcome == static_cast<int>(OutcomeCode::Unchecked))
        s.firstTryValid = false;
    summarizeTarget(c.run, c.spec, s);
    if (s.source.empty())
        s.source = sourceOfLabels(s.labels);
    const bool coerce = c.reply.coerce, strictRepairs = c.reply.strictRepairs;
    c.reply = FinalReply{};
    c.reply.coerce = coerce;
    c.reply.strictRepairs = strictRepairs;
    if (const auto index = finalAttempt(c.run)) {
        const Json& attempt = c.run["attempts"][*index];
        c.reply.raw = stringOr(attempt, "raw", "").get<std::string>();
        c.reply.valid = trueAt(attempt, "valid");
        const Json issues = attempt.value("issues", Json::array());
        c.reply.firstIssue = issues.is_array() && !issues.empty() ? issues[0] : Json();
    }
    auto signature = signatureOf(s, c.run);
    c.signature = signature ? std::make_shared<const Signature>(std::move(*signature)) : nullptr;
    s.cluster = c.signature ? c.signature->clusterId() : std::string();
}

void applySpec(Capture& c, detail::SpecParts spec)
{
    c.schema = std::move(spec.schema);
    c.system = std::move(spec.system);
    c.user = std::move(spec.user);
    c.spec = std::move(spec.spec);
    c.schemaText = std::move(spec.schemaText);
    c.specText = std::move(spec.specText);
    c.summary.schemaHash = std::move(spec.schemaHash);
    c.summary.schemaTitle = std::move(spec.schemaTitle);
    c.summary.schemaId = std::move(spec.schemaId);
    c.summary.promptHash = std::move(spec.promptHash);
    c.reply.coerce = spec.coerce;
    c.reply.strictRepairs = spec.strictRepairs;
}

// The spec's texts and hashes as stored, and the policy the final reply was checked under.
// `schemaText` is the schema's stored text when the caller already has it.
void fillSpecTexts(detail::SpecParts& p, std::string schemaText = {})
{
    p.schemaText = schemaText.empty() ? dump(p.schema) : std::move(schemaText);
    p.specText = dump(p.spec);
    p.schemaHash = shortHash(p.schemaText);
    p.schemaTitle = stringOr(p.schema, "title", "").get<std::string>();
    p.schemaId = stringOr(p.schema, "$id", "").get<std::string>();
    p.promptHash = shortHash(p.system + '\0' + p.user);
    const Json policy = p.spec.value("policy", Json::object());
    p.coerce = trueAt(policy, "coerce");
    p.strictRepairs = trueAt(policy, "strict_repairs");
}

Error documentError(std::string message, std::string where)
{
    return Error{std::move(message), std::move(where)};
}

Status readTime(std::string_view text, Capture& c)
{
    auto time = parseIsoTime(text);
    if (!time)
        return documentError(time.error().message, "/time");
    c.summary.createdAtMs = time.value();
    return Done{};
}

} // namespace

Status detail::takeLabels(Json labels, Labels& out)
{
    if (!labels.is_object())
        return documentError("must be an object of strings", "/labels");
    for (auto& [key, value] : labels.items()) {
        if (!value.is_string())
            return documentError("a label's value must be a string", "/labels/" + key);
        out.emplace_back(key, std::move(value.get_ref<std::string&>()));
    }
    return Done{};
}

Result<detail::SpecParts> detail::specParts(Json spec)
{
    if (!spec.is_object() || !spec.contains("schema"))
        return documentError("a capture needs the schema it ran with", "/spec/schema");
    SpecParts p;
    Json rest = Json::object();
    Json prompt = Json::object();
    for (auto& [key, value] : spec.items()) {
        if (key == "schema")
            p.schema = std::move(value);
        else if (key == "prompt")
            prompt = std::move(value);
        else
            rest[key] = std::move(value);
    }
    p.system = stringOr(prompt, "system", "").get<std::string>();
    p.user = stringOr(prompt, "user", "").get<std::string>();
    Json variables = prompt.is_object() && prompt.contains("variables") ? std::move(prompt["variables"]) : Json::object();
    p.spec = Json{{"variables", std::move(variables)}};
    for (auto& [key, value] : rest.items())
        p.spec[key] = std::move(value);
    fillSpecTexts(p);
    return p;
}

// The part of reading a document that both readers share: id and time defaults, the spec's
// parts, the checks of the run, the summary.
Result<Capture> detail::finishCapture(Capture c, bool hasTime, SpecParts spec, const std::function<std::string()>& fallbackId)
{
    if (c.summary.id.empty())
        c.summary.id = fallbackId ? fallbackId() : newCaptureId();
    if (!hasTime)
        c.summary.createdAtMs = QDateTime::currentMSecsSinceEpoch();
    applySpec(c, std::move(spec));
    if (!c.run.contains("outcome") || !c.run["outcome"].is_string() || !outcomeCode(c.run["outcome"].get<std::string>()))
        return documentError("must be valid, repaired, fallback, failed or unchecked", "/outcome");
    if (!c.run.contains("attempts") || !c.run["attempts"].is_array())
        return documentError("must be an array of attempts", "/attempts");
    summarize(c);
    return c;
}

std::optional<int> outcomeCode(std::string_view name)
{
    const auto index = indexOfName(kOutcomes, name);
    return index ? std::optional<int>(static_cast<int>(*index)) : std::nullopt;
}

std::string_view outcomeNameOf(int code)
{
    return code >= 0 && code < static_cast<int>(kOutcomes.size()) ? kOutcomes[static_cast<std::size_t>(code)] : "failed";
}

std::optional<int> flagBit(std::string_view name)
{
    const auto index = indexOfName(kFlags, name);
    return index ? std::optional<int>(1 << *index) : std::nullopt;
}

std::vector<std::string> flagNames(int bits)
{
    std::vector<std::string> names;
    for (std::size_t i = 0; i < kFlags.size(); ++i)
        if (bits & (1 << i))
            names.emplace_back(kFlags[i]);
    return names;
}

Json CaptureSummary::toJson() const
{
    Json labelObject = Json::object();
    for (const auto& [key, value] : labels)
        labelObject[key] = value;
    return Json{{"id", id}, {"time", isoTime(createdAtMs)}, {"schema_hash", schemaHash}, {"schema_title", schemaTitle},
                {"prompt_hash", promptHash}, {"provider", provider}, {"model", model}, {"mode", mode}, {"source", source},
                {"outcome", std::string(outcomeNameOf(outcome))}, {"flags", flagNames(flags)}, {"attempts", attempts},
                {"repairs", repairs}, {"latency_ms", latencyMs},
                {"tokens", Json{{"input", tokensIn}, {"output", tokensOut}, {"cached", tokensCached}}},
                {"labels", std::move(labelObject)}, {"cluster", cluster.empty() ? Json() : Json(cluster)}};
}

Json Capture::document() const
{
    Json labelObject = Json::object();
    for (const auto& [key, value] : summary.labels)
        labelObject[key] = value;
    Json fullSpec{{"schema", schema},
                  {"prompt", Json{{"system", system}, {"user", user}, {"variables", spec.value("variables", Json::object())}}}};
    for (const auto& [key, value] : spec.items())
        if (key != "variables")
            fullSpec[key] = value;
    Json out{{"id", summary.id}, {"time", isoTime(summary.createdAtMs)}, {"source", summary.source}, {"labels", std::move(labelObject)},
             {"spec", std::move(fullSpec)}};
    for (const auto& [key, value] : run.items())
        out[key] = value;
    return out;
}

Capture captureOfRun(const engine::RunSpec& spec, const engine::RunRecord& record, Labels labels, std::string source)
{
    Capture c;
    c.summary.source = std::move(source);
    c.summary.id = newCaptureId();
    c.summary.createdAtMs = QDateTime::currentMSecsSinceEpoch();
    c.summary.labels = std::move(labels);
    detail::SpecParts parts;
    parts.schema = spec.schema;
    parts.system = spec.prompt.system;
    parts.user = spec.prompt.user;
    parts.spec = specJson(spec);
    fillSpecTexts(parts);
    applySpec(c, std::move(parts));
    c.run = record.toJson();
    summarize(c);
    return c;
}

Result<Capture> captureFromDocument(Json document, const std::function<std::string()>& fallbackId)
{
    if (!document.is_object())
        return documentError("a capture must be a JSON object", "");
    Capture c;
    c.run = Json::object();
    Json spec = Json::object();
    Json labels = Json::object();
    bool hasTime = false;
    // Each part is moved out of the document, never copied: an import reads many thousands.
    for (auto& [key, value] : document.items()) {
        if (key == "id" && value.is_string() && !value.get_ref<const std::string&>().empty()) {
            c.summary.id = std::move(value.get_ref<std::string&>());
        } else if (key == "time") {
            if (!value.is_string())
                return documentError("must be an ISO 8601 time", "/time");
            if (auto read = readTime(value.get_ref<const std::string&>(), c); !read)
                return read.error();
            hasTime = true;
        } else if (key == "source") {
            if (!value.is_string())
                return documentError("must be a string", "/source");
            c.summary.source = std::move(value.get_ref<std::string&>());
        } else if (key == "labels") {
            labels = std::move(value);
        } else if (key == "spec") {
            spec = std::move(value);
        } else if (key != "id") {
            c.run[key] = std::move(value);
        }
    }
    if (auto taken = detail::takeLabels(std::move(labels), c.summary.labels); !taken)
        return taken.error();
    auto parts = detail::specParts(std::move(spec));
    if (!parts)
        return parts.error();
    return detail::finishCapture(std::move(c), hasTime, std::move(parts).value(), fallbackId);
}

Json issueSummary(const Json& issues)
{
    Json out = Json::array();
    if (!issues.is_array())
        return out;
    for (const Json& issue : issues) {
        if (out.empty()) {
            out.push_back(issue); // the final reply's first issue is stored whole
            continue;
        }
        Json kept = Json::object();
        for (const char* key : {"code", "path", "message"})
            if (issue.is_object() && issue.contains(key))
                kept[key] = issue[key];
        out.push_back(std::move(kept));
    }
    return out;
}

Json runSummary(const engine::RunRecord& record)
{
    Json attempts = Json::array();
    for (const engine::AttemptRecord& a : record.attempts) {
        Json retries = Json::array();
        for (const providers::RetryRecord& retry : a.retries)
            retries.push_back(retry.toJson());
        Json attempt{{"target", a.target}, {"mode", std::string(providers::modeName(a.mode))}, {"repair", a.repair}, {"raw", a.raw},
                     {"parsed", a.parsed}, {"valid", a.valid}, {"checked", a.checked}, {"truncated", a.truncated},
                     {"usage", a.usage.toJson()},
                     {"latency_ms", a.latencyMs}, {"http_status", a.httpStatus}, {"not_enforced", a.notEnforced},
                     {"retries", std::move(retries)}, {"issues", issueSummary(a.issues)}};
        if (!a.error.empty())
            attempt["error"] = a.error;
        if (!a.extractionFailure.empty())
            attempt["extraction_failure"] = a.extractionFailure;
        attempts.push_back(std::move(attempt));
    }
    Json run{{"outcome", std::string(engine::outcomeName(record.outcome))},
             {"flags", Json([&] { const auto flags = record.flagsWritten(); return std::vector<std::string>(flags.begin(), flags.end()); }())},
             {"attempts", std::move(attempts)},
             {"metrics", record.metrics()}};
    if (record.best)
        run["best_attempt"] = *record.best;
    return run;
}

Result<Capture> captureFromParts(CaptureParts parts)
{
    Capture c;
    c.summary.id = std::move(parts.id);
    c.summary.source = std::move(parts.source);
    c.summary.labels = std::move(parts.labels);
    c.run = std::move(parts.run);
    c.runText = std::move(parts.runText);
    // The document's time is its ISO text, to the millisecond: within years 0 to 9999 that
    // reads back as the same instant; outside, the text decides, as for a document.
    constexpr std::int64_t kYear10000Ms = 253'402'300'800'000;
    if (parts.timeMs >= 0 && parts.timeMs < kYear10000Ms) {
        c.summary.createdAtMs = parts.timeMs;
    } else if (auto read = readTime(isoTime(parts.timeMs), c); !read) {
        return read.error();
    }
    detail::SpecParts spec;
    spec.schema = std::move(parts.schema);
    spec.system = std::move(parts.system);
    spec.user = std::move(parts.user);
    spec.spec = Json{{"variables", Json::object()}};
    for (auto& [key, value] : parts.spec.items())
        if (key != "variables" && key != "schema" && key != "prompt")
            spec.spec[key] = std::move(value);
    fillSpecTexts(spec, std::move(parts.schemaText));
    return detail::finishCapture(std::move(c), true, std::move(spec), {});
}

std::string labelValue(const Labels& labels, std::string_view key)
{
    for (const auto& [name, value] : labels)
        if (name == key)
            return value;
    return {};
}

std::string sourceOfLabels(const Labels& labels)
{
    bool suite = false;
    for (const auto& [key, value] : labels) {
        if (key == "source" && !value.empty())
            return value;
        suite = suite || key == "suite";
    }
    return suite ? "suite" : "run";
}

std::string newCaptureId()
{
    // UUID version 7: 48 bits of milliseconds, then random bits, so ids sort by time.
    std::array<unsigned char, 16> bytes{};
    const auto ms = static_cast<std::uint64_t>(QDateTime::currentMSecsSinceEpoch());
    for (int i = 0; i < 6; ++i)
        bytes[static_cast<std::size_t>(i)] = static_cast<unsigned char>(ms >> (40 - 8 * i));
    for (std::size_t i = 6; i < 16; ++i)
        bytes[i] = static_cast<unsigned char>(QRandomGenerator::global()->bounded(256));
    bytes[6] = static_cast<unsigned char>(0x70 | (bytes[6] & 0x0f));
    bytes[8] = static_cast<unsigned char>(0x80 | (bytes[8] & 0x3f));
    return uuidShaped(bytes);
}

std::string idFromContent(std::string_view content)
{
    const QByteArray digest = QCryptographicHash::hash(QByteArrayView(content.data(), static_cast<qsizetype>(content.size())),
                                                       QCryptographicHash::Sha256);
    std::array<unsigned char, 16> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<unsigned char>(digest[static_cast<qsizetype>(i)]);
    bytes[6] = static_cast<unsigned char>(0x80 | (bytes[6] & 0x0f)); // version 8: custom
    bytes[8] = static_cast<unsigned char>(0x80 | (bytes[8] & 0x3f));
    return uuidShaped(bytes);
}

std::string shortHash(std::string_view text)
{
    const QByteArray digest = QCryptographicHash::hash(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())),
                                                       QCryptographicHash::Sha256);
    return digest.toHex().left(16).toStdString();
}

std::string isoTime(std::int64_t msSinceEpoch)
{
    return QDateTime::fromMSecsSinceEpoch(msSinceEpoch, Qt::UTC).toString(Qt::ISODateWithMs).toStdString();
}

Result<std::int64_t> parseIsoTime(std::string_view text)
{
    const QString value = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    QDateTime time = QDateTime::fromString(value, Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::fromString(value, Qt::ISODate);
    if (!time.isValid()) {
        const QDate date = QDate::fromString(value, Qt::ISODate);
        if (date.isValid())
            time = date.startOfDay(Qt::UTC);
    }
    if (!time.isValid())
        return Error{"'" + std::string(text) + "' is not an ISO 8601 date or time (2026-11-23 or 2026-11-23T14:00:00Z)", {}};
    if (time.timeSpec() == Qt::LocalTime)
        time.setTimeSpec(Qt::UTC); // a time without an offset is read as UTC, as stored
    return time.toMSecsSinceEpoch();
}

std::string packedBodiesOf(const Capture& c, const detail::BodyTemplate* bodyTemplate)
{
    // Same hashes, same texts: the dictionary made from the capture's own schema and prompt
    // (and template) is the one a reader makes from the texts the store keeps under them.
    thread_local detail::DictionaryCache dictionaries;
    const auto schemaText = [&c] { return c.schemaText.empty() ? dump(c.schema) : c.schemaText; };
    const std::string spec = c.specText.empty() ? dump(c.spec) : std::string();
    const std::string run = c.runText.empty() ? dump(c.run) : std::string();
    const std::string_view specText = c.specText.empty() ? std::string_view(spec) : std::string_view(c.specText);
    const std::string_view runText = c.runText.empty() ? std::string_view(run) : std::string_view(c.runText);
    if (!bodyTemplate) {
        const std::string& dictionary = dictionaries.get(c.summary.schemaHash, c.summary.promptHash, [&] {
            return detail::bodyDictionary(schemaText(), c.system, c.user);
        });
        return detail::packBodies(specText, runText, dictionary);
    }
    const std::string& dictionary = dictionaries.get(c.summary.schemaHash, c.summary.promptHash, bodyTemplate->hash, [&] {
        return detail::templatedDictionary(schemaText(), c.system, c.user, *bodyTemplate);
    });
    return detail::packTemplated(specText, runText, dictionary, c.reply.raw);
}

std::shared_ptr<const detail::BodyTemplate> bodyTemplateOf(const Capture& c)
{
    return detail::makeTemplate(c.summary.schemaHash, c.specText.empty() ? dump(c.spec) : c.specText,
                                c.runText.empty() ? dump(c.run) : c.runText);
}

void BodyPacker::pack(Capture& c)
{
    auto found = m_templates.find(c.summary.schemaHash);
    if (found == m_templates.end() && m_templates.size() < kSchemas)
        found = m_templates.emplace(c.summary.schemaHash, bodyTemplateOf(c)).first;
    c.bodyTemplate = found == m_templates.end() ? nullptr : found->second;
    c.packedBodies = packedBodiesOf(c, c.bodyTemplate.get());
}

} // namespace conform::store
