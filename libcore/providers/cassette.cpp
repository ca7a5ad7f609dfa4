#include "providers/cassette.h"

#include "base/path.h"

namespace conform::providers {

Json Cassette::toJson() const
{
    Json list = Json::array();
    for (const RecordedCall& call : calls)
        list.push_back(Json{{"request", call.request.toJson()}, {"reply", turnJson(call.reply)}});
    return list;
}

Result<Cassette> Cassette::fromJson(const Json& json, const std::string& where)
{
    if (!json.is_array() || json.empty())
        return Error{"must be a non-empty array of recorded calls", where};
    Cassette cassette;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const std::string at = where + "/" + std::to_string(i);
        const Json& call = json[i];
        if (!call.is_object() || !call.contains("request") || !call.contains("reply"))
            return Error{"a recorded call is {\"request\", \"reply\"}", at};
        for (const auto& [key, value] : call.items())
            if (key != "request" && key != "reply")
                return Error{"unknown field", appendPointer(at, key)};
        auto request = ModelRequest::fromJson(call["request"], at + "/request");
        if (!request)
            return request.error();
        auto reply = parseTurn(call["reply"], at + "/reply");
        if (!reply)
            return reply.error();
        cassette.calls.push_back({std::move(request).value(), std::move(reply).value()});
    }
    return cassette;
}

} // namespace conform::providers
