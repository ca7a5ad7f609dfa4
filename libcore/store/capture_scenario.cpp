#include "store/capture_scenario.h"

#include "store/capture_spec.h"

#include "base/json_access.h"
#include "engine/template.h"
#include "providers/model_request.h"

#include <algorithm>

namespace conform::store {

namespace {

providers::Turn faultTurn(int status)
{
    providers::Turn turn;
    turn.status = status;
    return turn;
}

std::optional<providers::Turn> answerTurn(const Json& attempt)
{
    const std::string raw = attempt.value("raw", std::string());
    const int status = attempt.value("http_status", 0);
    if (status >= 400)
        return faultTurn(status);
    if (raw.empty() && attempt.contains("error"))
        return std::nullopt; // the connection failed; nothing was answered to replay
    providers::Turn turn;
    if (attempt.value("mode", std::string()) == "tool") {
        Json input = Json::parse(raw, nullptr, false);
        if (!input.is_discarded())
            turn.toolInput = std::move(input);
    }
    if (!turn.toolInput)
        turn.text = raw;
    if (const Json stop = attempt.value("stop_reason", Json()); stop.is_string())
        turn.stopReason = providers::parseStopReason(stop.get<std::string>());
    if (const Json usage = attempt.value("usage", Json()); usage.is_object())
        turn.usage = providers::Usage{usage.value("input", std::int64_t(0)), usage.value("output", std::int64_t(0)),
                                      usage.value("cached", std::int64_t(0)), usage.value("reasoning", std::int64_t(0))};
    return turn;
}

// What an attempt's request put before the model: its recorded body read, else the
// capture's prompt as the engine renders it.
providers::ModelRequest requestOf(const Capture& capture, const Json& attempt)
{
    const std::string target = stringOf(member(attempt, "target"));
    const std::size_t slash = target.find('/');
    const auto provider = providers::parseProviderKind(target.substr(0, slash)).value_or(providers::ProviderKind::Anthropic);
    const Json& body = member(member(attempt, "request"), "body");
    if (member(body, "model").is_string())
        return providers::modelRequestOf(provider, body);
    providers::ModelRequest request;
    request.model = slash == std::string::npos ? std::string() : target.substr(slash + 1);
    request.mode = providers::parseMode(stringOf(member(attempt, "mode"))).value_or(providers::Mode::Text);
    const engine::RunSpec spec = specOfCapture(capture);
    if (std::string system = engine::renderTemplate(spec.prompt.system, spec.prompt.variables); !system.empty())
        request.messages.push_back({"system", std::move(system)});
    request.messages.push_back({"user", engine::renderTemplate(spec.prompt.user, spec.prompt.variables)});
    return request;
}

} // namespace

providers::Cassette cassetteOfCapture(const Capture& capture)
{
    providers::Cassette cassette;
    for (const Json& attempt : capture.run.value("attempts", Json::array())) {
        if (!attempt.is_object())
            continue;
        providers::Turn reply = answerTurn(attempt).value_or(faultTurn(503));
        // A fault keeps the provider's words: they say whether a 400 refused the mode.
        if (reply.isFault() && member(attempt, "error").is_string())
            reply.body = member(attempt, "error");
        cassette.calls.push_back({requestOf(capture, attempt), std::move(reply)});
    }
    return cassette;
}

providers::Scenario scenarioOfCapture(const Capture& capture)
{
    providers::Scenario scenario;
    scenario.name = capture.summary.id;
    scenario.description = "capture of " + capture.summary.provider + "/" + capture.summary.model + " at " +
                           isoTime(capture.summary.createdAtMs) + ", " + std::string(outcomeNameOf(capture.summary.outcome));
    scenario.schema = capture.schema;
    scenario.origin = providers::Scenario::Origin::Captures;
    for (const Json& attempt : capture.run.value("attempts", Json::array())) {
        if (!attempt.is_object())
            continue;
        for (const Json& retry : attempt.value("retries", Json::array()))
            if (retry.is_object() && retry.value("status", 0) >= 400)
                scenario.turns.push_back(faultTurn(retry.value("status", 0)));
        if (auto turn = answerTurn(attempt))
            scenario.turns.push_back(std::move(*turn));
    }
    if (scenario.turns.empty()) // a run that never got an answer replays as the error it met
        scenario.turns.push_back(faultTurn(503));
    return scenario;
}

void creditToOriginalTarget(engine::RunSpec& spec, engine::RunRecord& record, const Capture& original)
{
    spec.targets = specOfCapture(original).targets;
    std::vector<std::string> labels;
    if (const Json& attempts = original.run.contains("attempts") ? original.run["attempts"] : Json(); attempts.is_array())
        for (const Json& attempt : attempts)
            labels.push_back(attempt.value("target", std::string()));
    if (labels.empty() && !spec.targets.empty())
        labels.push_back(spec.targets.front().label());
    for (std::size_t i = 0; i < record.attempts.size() && !labels.empty(); ++i)
        record.attempts[i].target = labels[std::min(i, labels.size() - 1)];
}

} // namespace conform::store
