// Issue, Coercion, Warning and ValidationResult as JSON: as a tree (toJson) or straight to text (write).
// Both give the same document, member for member.
#include "schema/schema.h"

#include "json/json_writer.h"

namespace conform::schema {
namespace {

void writePath(json::JsonWriter& w, const Path& path)
{
    w.beginArray();
    for (const auto& element : path) {
        if (const auto* key = std::get_if<std::string>(&element))
            w.string(*key);
        else
            w.unsignedInteger(std::get<std::size_t>(element));
    }
    w.endArray();
}

// A code's own field named like a member Issue writes itself would replace that member in
// place in the tree; the tree is then the reference.
bool paramsShadowMembers(const Json& params)
{
    for (const char* member : {"code", "path", "message", "schemaPath", "span"})
        if (params.contains(member))
            return true;
    return false;
}

} // namespace

Json Issue::toJson() const
{
    Json out = {{"code", code}, {"path", toJsonPath(path)}, {"message", message}};
    for (const auto& [k, v] : params.items())
        out[k] = v;
    out["schemaPath"] = schemaPath;
    if (span)
        out["span"] = {{"offset", span->offset}, {"length", span->length}};
    return out;
}

void Issue::write(json::JsonWriter& w) const
{
    if (paramsShadowMembers(params)) {
        w.value(toJson());
        return;
    }
    w.beginObject();
    w.key("code");
    w.string(code);
    w.key("path");
    writePath(w, path);
    w.key("message");
    w.string(message);
    for (auto it = params.begin(); it != params.end(); ++it) {
        w.key(it.key());
        w.value(it.value());
    }
    w.key("schemaPath");
    w.string(schemaPath);
    if (span) {
        w.key("span");
        w.beginObject();
        w.key("offset");
        w.unsignedInteger(span->offset);
        w.key("length");
        w.unsignedInteger(span->length);
        w.endObject();
    }
    w.endObject();
}

Json Coercion::toJson() const
{
    return {{"path", toJsonPath(path)}, {"kind", kind}, {"before", before}, {"after", after}};
}

void Coercion::write(json::JsonWriter& w) const
{
    w.beginObject();
    w.key("path");
    writePath(w, path);
    w.key("kind");
    w.string(kind);
    w.key("before");
    w.value(before);
    w.key("after");
    w.value(after);
    w.endObject();
}

Json Warning::toJson() const
{
    return {{"path", toJsonPath(path)}, {"message", message}};
}

void Warning::write(json::JsonWriter& w) const
{
    w.beginObject();
    w.key("path");
    writePath(w, path);
    w.key("message");
    w.string(message);
    w.endObject();
}

Json ValidationResult::toJson() const
{
    Json issuesJson = Json::array();
    for (const auto& issue : issues)
        issuesJson.push_back(issue.toJson());
    Json coercionsJson = Json::array();
    for (const auto& coercion : coercions)
        coercionsJson.push_back(coercion.toJson());
    Json out = {{"valid", valid}, {"issues", issuesJson}, {"coercions", coercionsJson}};
    if (!warnings.empty()) {
        Json warningsJson = Json::array();
        for (const auto& warning : warnings)
            warningsJson.push_back(warning.toJson());
        out["warnings"] = std::move(warningsJson);
    }
    return out;
}

void ValidationResult::write(json::JsonWriter& w) const
{
    w.beginObject();
    writeMembers(w);
    w.endObject();
}

void ValidationResult::writeMembers(json::JsonWriter& w) const
{
    w.key("valid");
    w.boolean(valid);
    w.key("issues");
    w.beginArray();
    for (const auto& issue : issues)
        issue.write(w);
    w.endArray();
    w.key("coercions");
    w.beginArray();
    for (const auto& coercion : coercions)
        coercion.write(w);
    w.endArray();
    if (warnings.empty())
        return;
    w.key("warnings");
    w.beginArray();
    for (const auto& warning : warnings)
        warning.write(w);
    w.endArray();
}

} // namespace conform::schema
