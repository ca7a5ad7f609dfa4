#include "engine/run_record.h"

#include "engine/run_flag.h"

#include <algorithm>
#include <array>
#include <iterator>

namespace conform::engine {

namespace {


// The text writer of toText(): what dump() writes, appended to one string.
class TextOut
{
public:
    explicit TextOut(std::string& out) : m_out(out) {}

    // A member's key (plain ASCII names: no escaping needed) and the comma before it.
    TextOut& key(std::string_view name)
    {
        if (m_out.back() != '{' && m_out.back() != '[')
            m_out += ',';
        m_out += '"';
        m_out += name;
        m_out += "\":";
        return *this;
    }
    void text(std::string_view value)
    {
        // Printable ASCII goes as it is; anything else as dump() escapes it (control
        // characters, invalid UTF-8 replaced by U+FFFD).
        if (std::all_of(value.begin(), value.end(), [](char ch) { return ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\'; })) {
            m_out += '"';
            m_out += value;
            m_out += '"';
        } else {
            json(Json(std::string(value)));
        }
    }
    void json(const Json& value)
    {
        nlohmann::detail::serializer<Json> serializer(nlohmann::detail::output_adapter<char, std::string>(m_out), ' ', Json::error_handler_t::replace);
        serializer.dump(value, false, false, 0);
    }
    void boolean(bool value) { m_out += value ? "true" : "false"; }
    void number(long long value) { m_out += std::to_string(value); }
    void usage(const providers::Usage& usage)
    {
        m_out += '{';
        for (const auto& [name, count] : {std::pair{"input", usage.inputTokens}, {"output", usage.outputTokens}, {"cached", usage.cachedTokens}})
            if (count >= 0)
                key(name).number(count);
            else
                key(name).json(Json());
        if (usage.reasoningTokens != 0) // as Usage::toJson: only where the provider reports it
            usage.reasoningTokens >= 0 ? key("reasoning").number(usage.reasoningTokens) : key("reasoning").json(Json());
        m_out += '}';
    }
    void open(char bracket) { m_out += bracket; }
    void close(char bracket) { m_out += bracket; }

private:
    std::string& m_out;
};

} // namespace

std::string_view outcomeName(Outcome outcome)
{
    return kOutcomeNames[static_cast<std::size_t>(outcome)];
}

std::string_view attemptKindName(AttemptKind kind)
{
    static constexpr std::array<std::string_view, 5> names{"initial", "repair", "continuation", "reask_larger", "fallback"};
    return names[static_cast<std::size_t>(kind)];
}

Json AttemptRecord::toJson() const
{
    Json retryList = Json::array();
    for (const providers::RetryRecord& retry : retries)
        retryList.push_back(retry.toJson());
    Json out{{"kind", std::string(attemptKindName(kind))}, {"target", target},
             {"mode", std::string(providers::modeName(mode))}, {"repair", repair}, {"request", request},
             {"request_bytes", requestBytes}, {"max_tokens", maxTokens}, {"raw", raw}, {"parsed", parsed}, {"value", value}, {"valid", valid},
             {"fixes", fixes}, {"coercions", coercions}, {"issues", issues},
             {"stop_reason", stopReason.empty() ? Json(nullptr) : Json(stopReason)}, {"usage", usage.toJson()},
             {"latency_ms", latencyMs}, {"http_status", httpStatus}, {"retries", std::move(retryList)},
             {"truncated", truncated}, {"not_enforced", notEnforced}};
    if (kind == AttemptKind::Continuation)
        out["joined_at"] = joinedAt;
    if (candidate)
        out["candidate"] = Json{{"kind", candidate->kind}, {"offset", candidate->offset}, {"length", candidate->length}};
    if (!extractionFailure.empty())
        out["extraction_failure"] = extractionFailure;
    if (!error.empty())
        out["error"] = error;
    if (!checked)
        out["checked"] = false;
    return out;
}

void AttemptRecord::appendText(std::string& text) const
{
    TextOut out(text);
    out.open('{');
    out.key("kind").text(attemptKindName(kind));
    out.key("target").text(target);
    out.key("mode").text(providers::modeName(mode));
    out.key("repair").number(repair);
    out.key("request").json(request);
    out.key("request_bytes").number(static_cast<long long>(requestBytes));
    out.key("max_tokens").number(maxTokens);
    out.key("raw").text(raw);
    out.key("parsed").boolean(parsed);
    out.key("value").json(value);
    out.key("valid").boolean(valid);
    out.key("fixes").json(fixes);
    out.key("coercions").json(coercions);
    out.key("issues").json(issues);
    if (stopReason.empty())
        out.key("stop_reason").json(Json(nullptr));
    else
        out.key("stop_reason").text(stopReason);
    out.key("usage").usage(usage);
    out.key("latency_ms").number(latencyMs);
    out.key("http_status").number(httpStatus);
    out.key("retries").open('[');
    for (const providers::RetryRecord& retry : retries) {
        if (text.back() != '[')
            text += ',';
        out.json(retry.toJson());
    }
    out.close(']');
    out.key("truncated").boolean(truncated);
    out.key("not_enforced").boolean(notEnforced);
    if (kind == AttemptKind::Continuation)
        out.key("joined_at").number(static_cast<long long>(joinedAt));
    if (candidate) {
        out.key("candidate").open('{');
        out.key("kind").text(candidate->kind);
        out.key("offset").number(static_cast<long long>(candidate->offset));
        out.key("length").number(static_cast<long long>(candidate->length));
        out.close('}');
    }
    if (!extractionFailure.empty())
        out.key("extraction_failure").text(extractionFailure);
    if (!error.empty())
        out.key("error").text(error);
    if (!checked)
        out.key("checked").boolean(false);
    out.close('}');
}

std::set<std::string> RunRecord::flagsWritten() const
{
    std::set<std::string> out = flags;
    for (const AttemptRecord& a : attempts) {
        bool known = a.usage.known();
        for (const providers::RetryRecord& retry : a.retries)
            known = known && retry.usage.known();
        if (!known)
            out.emplace(runFlagName(RunFlag::TokensUnknown));
    }
    return out;
}

bool RunRecord::firstTryValid() const
{
    return !attempts.empty() && attempts.front().valid && !attempts.front().truncated;
}

bool RunRecord::failedInTransport() const
{
    return outcome == Outcome::Failed && !attempts.empty() && attempts.back().transportError;
}

namespace {

// What metrics() reports, summed over the attempts: every attempt's tokens and the billed
// failed tries under them, latency, transport retries, repair turns, the last valid attempt.
struct RunTotals
{
    providers::Usage tokens;
    long long latency = 0;
    int retries = 0, repairs = 0;
    const AttemptRecord* lastValid = nullptr;
};

RunTotals totalsOf(const std::vector<AttemptRecord>& attempts)
{
    RunTotals t;
    // An unknown count (negative) adds nothing: the run's flag tokens_unknown says so.
    const auto add = [&](const providers::Usage& u) {
        t.tokens.inputTokens += std::max<std::int64_t>(u.inputTokens, 0);
        t.tokens.outputTokens += std::max<std::int64_t>(u.outputTokens, 0);
        t.tokens.cachedTokens += std::max<std::int64_t>(u.cachedTokens, 0);
    };
    for (const AttemptRecord& a : attempts) {
        add(a.usage);
        for (const providers::RetryRecord& retry : a.retries) // billed failed tries
            add(retry.usage);
        t.latency += a.latencyMs;
        t.retries += static_cast<int>(a.retries.size());
        t.repairs += a.kind == AttemptKind::Repair ? 1 : 0;
        if (a.valid)
            t.lastValid = &a;
    }
    return t;
}

} // namespace

Json RunRecord::metrics() const
{
    const RunTotals t = totalsOf(attempts);
    Json out{{"attempts", attempts.size()}, {"repairs", t.repairs}, {"transport_retries", t.retries},
             {"latency_ms", t.latency}, {"tokens", t.tokens.toJson()},
             {"parse_ok_first", !attempts.empty() && attempts.front().parsed},
             {"first_try_valid", firstTryValid()}};
    if (t.lastValid) {
        out["final_mode"] = std::string(providers::modeName(t.lastValid->mode));
        out["final_target"] = t.lastValid->target;
    }
    return out;
}

Json RunRecord::toJson() const
{
    Json attemptList = Json::array();
    for (const AttemptRecord& a : attempts)
        attemptList.push_back(a.toJson());
    const std::set<std::string> allFlags = flagsWritten();
    Json out{{"outcome", std::string(outcomeName(outcome))}, {"flags", Json(std::vector<std::string>(allFlags.begin(), allFlags.end()))},
             {"ended_by", endedBy},
             {"value", value}, {"attempts", std::move(attemptList)}, {"metrics", metrics()}};
    if (best) {
        out["best_attempt"] = *best;
        out["valid_fields"] = validFields;
    }
    if (!error.empty())
        out["error"] = error;
    if (!notes.empty())
        out["notes"] = notes;
    if (!conformOnly.empty())
        out["conform_only"] = conformOnly;
    return out;
}

std::string RunRecord::toText() const
{
    std::string text;
    text.reserve(1024);
    TextOut out(text);
    out.open('{');
    out.key("outcome").text(outcomeName(outcome));
    out.key("flags").open('[');
    for (const std::string& flag : flagsWritten()) {
        if (text.back() != '[')
            text += ',';
        out.text(flag);
    }
    out.close(']');
    out.key("ended_by").text(endedBy);
    out.key("value").json(value);
    out.key("attempts").open('[');
    for (const AttemptRecord& a : attempts) {
        if (text.back() != '[')
            text += ',';
        a.appendText(text);
    }
    out.close(']');
    // metrics(), written out as it builds it.
    const RunTotals t = totalsOf(attempts);
    out.key("metrics").open('{');
    out.key("attempts").number(static_cast<long long>(attempts.size()));
    out.key("repairs").number(t.repairs);
    out.key("transport_retries").number(t.retries);
    out.key("latency_ms").number(t.latency);
    out.key("tokens").usage(t.tokens);
    out.key("parse_ok_first").boolean(!attempts.empty() && attempts.front().parsed);
    out.key("first_try_valid").boolean(firstTryValid());
    if (t.lastValid) {
        out.key("final_mode").text(providers::modeName(t.lastValid->mode));
        out.key("final_target").text(t.lastValid->target);
    }
    out.close('}');
    if (best) {
        out.key("best_attempt").number(static_cast<long long>(*best));
        out.key("valid_fields").json(Json(validFields));
    }
    if (!error.empty())
        out.key("error").text(error);
    if (!notes.empty())
        out.key("notes").json(Json(notes));
    if (!conformOnly.empty())
        out.key("conform_only").json(Json(conformOnly));
    out.close('}');
    return text;
}

} // namespace conform::engine
