#pragma once
// A capture document as a run writes one, for a store made by construction: one attempt whose
// reply `raw` was judged `valid` (or failed one enum issue at /status) against `schema`.
// Tests of what a schema change breaks fill a store with these and know the answer by hand.
#include "base/json.h"

#include <string>
#include <utility>
#include <vector>

namespace conform::test {

inline Json storedReply(const std::string& id, const Json& schema, const std::string& raw, bool valid)
{
    Json attempt{{"kind", "initial"}, {"target", "openai/gpt-4o-mini"}, {"mode", "strict"}, {"repair", 0}, {"raw", raw},
                 {"parsed", true}, {"value", Json::parse(raw)}, {"valid", valid}, {"fixes", Json::array()}, {"coercions", Json::array()},
                 {"issues", valid ? Json::array() : Json::array({Json{{"code", "invalid_enum_value"}, {"path", Json::array({"status"})}, {"message", "Invalid enum value"}}})},
                 {"stop_reason", "end"}, {"usage", Json{{"input", 10}, {"output", 5}, {"cached", 0}}}, {"latency_ms", 100},
                 {"http_status", 200}, {"retries", Json::array()}, {"truncated", false}, {"not_enforced", false}};
    return Json{{"id", id}, {"time", "2026-11-20T10:00:00Z"}, {"source", "run"}, {"labels", Json::object()},
                {"spec", Json{{"schema", schema}, {"prompt", Json{{"system", ""}, {"user", "Status?"}}},
                              {"targets", Json::array({Json{{"provider", "openai"}, {"model", "gpt-4o-mini"}, {"mode", "strict"}}})},
                              {"policy", Json::object()}}},
                {"outcome", valid ? "valid" : "failed"}, {"flags", Json::array()}, {"value", valid ? Json::parse(raw) : Json()},
                {"attempts", Json::array({attempt})}};
}

// Five replies of an order, "order-1" … "order-5", stored under `schema`: four valid under an
// enum of open, done and cancelled (open, cancelled twice, done) and one that was not (lost).
// Dropping "cancelled" fails two of the four, at /status.
inline std::vector<Json> orderHistory(const Json& schema)
{
    std::vector<Json> documents;
    int n = 0;
    for (const auto& [raw, valid] : {std::pair{R"({"status":"open"})", true}, std::pair{R"({"status":"cancelled"})", true},
                                     std::pair{R"({"status":"cancelled"})", true}, std::pair{R"({"status":"done"})", true},
                                     std::pair{R"({"status":"lost"})", false}})
        documents.push_back(storedReply("order-" + std::to_string(++n), schema, raw, valid));
    return documents;
}

} // namespace conform::test
