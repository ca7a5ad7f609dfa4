// captures replay: re-extract and re-validate stored replies against a schema being edited,
// and say what the edit changes. No model is called.
#include "captures.h"
#include "schema_loader.h"
#include "store_options.h"

#include "base/path.h"
#include "store/replay.h"

#include <ostream>

namespace conform::cli {

namespace {

void printHuman(const store::ReplayReport& report, Io& io)
{
    io.out << report.count << " capture(s) re-checked in " << report.seconds << " s: " << report.validBefore << " valid before, "
           << report.validAfter << " valid now; " << report.becameInvalid << " became invalid, " << report.becameValid << " became valid";
    if (report.uncheckedBefore > 0)
        io.out << "; " << report.uncheckedBefore << " judged for the first time (unchecked before)";
    io.out << '\n';
    std::size_t shown = 0;
    for (const store::ReplayChange& change : report.changes) {
        if (++shown > 20) {
            io.out << "... and " << report.changes.size() - 20 << " more (--json lists them all)\n";
            break;
        }
        io.out << "  " << change.id << ": " << (change.validAfter ? "became valid" : "became invalid");
        if (change.issue.is_object())
            io.out << " (" << issueText(change.issue) << ")";
        io.out << '\n';
    }
}

} // namespace

namespace {

struct ReplayOptions
{
    StoreOptions store;
    Option schema = Option(QStringLiteral("schema"), QStringLiteral("The schema to check the stored replies against."), QStringLiteral("FILE")).file();
    Option allSchemas{QStringLiteral("all-schemas"), QStringLiteral("Re-check the captures of every schema, not only FILE's (its $id, else its title, else its hash).")};
    Option json{QStringLiteral("json"), QStringLiteral("Print one JSON document.")};
    SchemaReadingOptions schemaReading;
    OptionTable table() const
    {
        return store.table(false) + OptionTable{schema, allSchemas, json} + schemaReading.table() + OptionTable{helpOption()};
    }
};

} // namespace

OptionTable capturesReplayOptions()
{
    return ReplayOptions().table();
}

int capturesReplay(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const ReplayOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &schema = o.schema, &allSchemas = o.allSchemas, &json = o.json;
    const SchemaReadingOptions& schemaReading = o.schemaReading;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    if (!parser.isSet(schema))
        return fail(io, "captures replay: --schema FILE is required (the schema to check the stored replies against)");
    if (!parser.positionalArguments().isEmpty())
        return fail(io, "captures replay: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
    auto filter = storeOptions.filter(parser, false);
    if (!filter)
        return fail(io, "captures replay: " + filter.error().toString());
    const auto reading = schemaReading.read(parser, "captures replay");
    if (!reading)
        return fail(io, reading.error().message);
    const LoadedSchema loaded = loadSchema(parser.value(schema), reading.value());
    if (!loaded.ok)
        return fail(io, loaded.error);
    std::string scope = "every schema";
    if (!parser.isSet(allSchemas)) {
        const std::string rule = store::scopeToSchema(filter.value(), loaded.document);
        scope = rule == "$id" ? "$id " + filter->schemaId : rule == "title" ? "title \"" + filter->schemaTitle + "\"" : "this exact schema (it has no $id or title)";
    }
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    auto report = store::replayHistory(*store.value(), filter.value(), *loaded.validator, loaded.document,
                                       [&io](std::int64_t done, std::int64_t total) {
                                           if (total >= 20'000)
                                               io.err << "conform-cli: replayed " << done << " of " << total << '\n' << std::flush;
                                       });
    if (!report)
        return fail(io, report.error().toString());
    if (parser.isSet(json)) {
        Json out = report->toJson();
        out["scope"] = scope;
        io.out << dump(out) << '\n';
    } else {
        io.out << "captures of " << scope << ": ";
        printHuman(report.value(), io);
    }
    io.out.flush();
    return report->becameInvalid > 0 ? Invalid : Success;
}

} // namespace conform::cli
