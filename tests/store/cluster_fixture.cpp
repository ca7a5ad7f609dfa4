#include "cluster_fixture.h"

using conform::Json;

namespace clusterfixture {

Json issue(Json path, const char* code, const char* message)
{
    return Json{{"code", code}, {"path", std::move(path)}, {"message", message}};
}

Attempt invalid(Json issues)
{
    Attempt a;
    a.issues = std::move(issues);
    return a;
}

Attempt valid()
{
    Attempt a;
    a.valid = true;
    return a;
}

Json ordersV1()
{
    return Json::parse(R"({"title":"orders","type":"object","properties":{"items":{"type":"array","items":{"type":"object","required":["price"],"properties":{"price":{"type":"number"}}}}}})");
}

Json ordersV2()
{
    return Json::parse(R"({"title":"orders","type":"object","properties":{"items":{"type":"array","minItems":1,"items":{"type":"object","required":["price"],"properties":{"price":{"type":"number"}}}}}})");
}

Json document(const std::string& id, const std::string& time, const std::string& outcome, const std::vector<std::string>& flags,
              const std::vector<Attempt>& attempts, const Json& schema)
{
    Json list = Json::array();
    for (std::size_t i = 0; i < attempts.size(); ++i) {
        const Attempt& a = attempts[i];
        const bool answered = a.error.empty();
        Json attempt{{"kind", i == 0 ? "initial" : "repair"}, {"target", "openai/gpt-4o-mini"}, {"mode", "strict"}, {"repair", int(i)},
                     {"raw", answered ? (a.valid ? R"({"items":[{"price":1}]})" : R"({"items":[{}]})") : ""},
                     {"parsed", answered && a.parsed}, {"value", nullptr}, {"valid", a.valid}, {"fixes", Json::array()},
                     {"coercions", Json::array()}, {"issues", a.issues}, {"stop_reason", a.truncated ? "max_tokens" : "end"},
                     {"usage", Json{{"input", 10}, {"output", 5}, {"cached", 0}}}, {"latency_ms", 100}, {"http_status", a.httpStatus},
                     {"retries", Json::array()}, {"truncated", a.truncated}, {"not_enforced", false}};
        if (!answered)
            attempt["error"] = a.error;
        list.push_back(std::move(attempt));
    }
    return Json{{"id", id}, {"time", time}, {"source", "run"}, {"labels", Json::object()},
                {"spec", Json{{"schema", schema},
                              {"prompt", Json{{"system", "You read orders."}, {"user", "The order: {{order}}"}, {"variables", Json{{"order", "17"}}}}},
                              {"targets", Json::array({Json{{"provider", "openai"}, {"model", "gpt-4o-mini"}, {"base_url", ""}, {"mode", "auto"}}})},
                              {"policy", Json{{"coerce", false}, {"strict_repairs", false}}}}},
                {"outcome", outcome}, {"flags", flags}, {"value", nullptr}, {"attempts", std::move(list)}};
}

} // namespace clusterfixture
