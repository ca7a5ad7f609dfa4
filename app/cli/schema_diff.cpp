// conform-cli schema diff OLD NEW [--json] [--fail-on narrower|wider|any] [--store S [--since T]
// [--until T] [--source SRC]]
#include "schema_diff.h"
#include "store_options.h"

#include "base/path.h"
#include "schema/diff.h"
#include "store/replay.h"

#include <map>
#include <ostream>

namespace conform::cli {

namespace {

// Whether `change` is what --fail-on asks to fail on: both counts as narrower and as wider;
// unknown only under any.
bool matches(const schema::SchemaChange& change, const std::string& failOn)
{
    using schema::Direction;
    switch (change.direction) {
    case Direction::None: return false;
    case Direction::Unknown: return failOn == "any";
    case Direction::Both: return true;
    case Direction::Narrower: return failOn != "wider";
    case Direction::Wider: return failOn != "narrower";
    }
    return false;
}

// The old schema's stored replies that were valid, judged by the new one.
Result<Json> impactOf(const SchemaDiffRequest& request, const LoadedSchema& before, const LoadedSchema& after)
{
    auto store = StoreOptions::openAt(*request.store, false);
    if (!store)
        return store.error();
    store::Filter filter;
    for (const auto& [name, value] : request.filters)
        if (auto set = filter.set(name, value); !set)
            return set.error();
    store::scopeToSchema(filter, before.document);
    auto report = store::replayHistory(*store.value(), filter, *after.validator, after.document);
    if (!report)
        return report.error();
    std::map<std::string, std::int64_t> byPointer;
    Json examples = Json::array();
    for (const store::ReplayChange& change : report->changes) {
        if (!change.validBefore || change.validAfter)
            continue;
        ++byPointer[jsonPathText(change.issue.is_object() ? change.issue.value("path", Json()) : Json())];
        if (examples.size() < 5)
            examples.push_back(change.id);
    }
    Json pointers = Json::object();
    for (const auto& [pointer, count] : byPointer)
        pointers[pointer] = count;
    return Json{{"judged", report->validBefore}, {"became_invalid", report->becameInvalid}, {"by_pointer", std::move(pointers)},
                {"examples", std::move(examples)}};
}

} // namespace

int schemaDiff(const SchemaDiffRequest& request, const SchemaReading& reading, Io& io)
{
    if (request.failOn != "narrower" && request.failOn != "wider" && request.failOn != "any")
        return fail(io, "schema diff: --fail-on must be narrower, wider or any, not '" + request.failOn + "'");
    const LoadedSchema before = loadSchema(request.oldPath, reading);
    if (!before.ok)
        return fail(io, before.error);
    const LoadedSchema after = loadSchema(request.newPath, reading);
    if (!after.ok)
        return fail(io, after.error);
    const std::vector<schema::SchemaChange> changes = schema::diffSchemas(before.document, after.document);
    bool failing = false;
    for (const schema::SchemaChange& change : changes)
        failing = failing || matches(change, request.failOn);
    std::optional<Json> impact;
    if (request.store) {
        auto judged = impactOf(request, before, after);
        if (!judged)
            return fail(io, "schema diff: " + judged.error().toString());
        impact = std::move(judged.value());
    }
    if (request.json) {
        Json list = Json::array();
        for (const schema::SchemaChange& change : changes)
            list.push_back(change.toJson());
        Json out{{"old", request.oldPath.toStdString()}, {"new", request.newPath.toStdString()}, {"changes", std::move(list)}};
        if (impact)
            out["impact"] = *impact;
        io.out << dump(out) << '\n';
    } else {
        for (const schema::SchemaChange& change : changes)
            io.out << change.words << '\n';
        if (changes.empty())
            io.out << "no changes\n";
        if (impact) {
            io.out << (*impact)["became_invalid"].get<std::int64_t>() << " of " << (*impact)["judged"].get<std::int64_t>()
                   << " stored replies that were valid fail the new schema";
            for (const auto& [pointer, count] : (*impact)["by_pointer"].items())
                io.out << (pointer == (*impact)["by_pointer"].begin().key() ? ": " : ", ") << pointer << " " << count.get<std::int64_t>();
            io.out << '\n';
        }
    }
    io.out.flush();
    return failing ? Invalid : Success;
}

} // namespace conform::cli
