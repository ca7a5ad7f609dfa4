// captures stats: the metrics of a filter, grouped and bucketed, computed by the database.
#include "captures.h"
#include "store_options.h"

#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace conform::cli {

namespace {

std::string percent(const Json& figures, const char* key)
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(1) << figures.value(key, 0.0) * 100 << '%';
    return out.str();
}

std::string dollars(double usd)
{
    char text[32];
    std::snprintf(text, sizeof text, "$%.4g", usd);
    return text;
}

// "48.5%": a share as a percentage, without touching the stream's number format.
std::string share1(double share)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", share * 100);
    return text;
}

void printFigures(const Json& f, const std::string& indent, Io& io)
{
    const Json& latency = f["latency_ms"];
    io.out << indent << f["count"].get<std::int64_t>() << " run(s)";
    if (const std::int64_t unchecked = f.value("unchecked", std::int64_t(0)); unchecked > 0)
        io.out << " (" << unchecked << " unchecked: judged by no schema, left out of the outcome rates)";
    io.out << ": final success " << percent(f, "final_success_rate") << ", first try "
           << percent(f, "first_try_valid_rate") << ", repaired " << percent(f, "repaired_rate") << ", fallback " << percent(f, "fallback_rate")
           << ", failed " << percent(f, "failed_rate") << '\n'
           << indent << "  parse " << percent(f, "parse_rate") << ", truncated " << percent(f, "truncated_rate") << ", refused "
           << percent(f, "refused_rate") << ", transport errors " << percent(f, "transport_error_rate") << ", mean repairs "
           << std::fixed << std::setprecision(2) << f.value("mean_repairs", 0.0) << '\n'
           << indent << "  latency p50/p95/p99 " << latency["p50"] << "/" << latency["p95"] << "/" << latency["p99"] << " ms, tokens in/out/cached "
           << f["tokens"]["input"] << "/" << f["tokens"]["output"] << "/" << f["tokens"]["cached"];
    if (const std::int64_t unknown = f["tokens"].value("unknown_runs", std::int64_t(0)); unknown > 0)
        io.out << " (" << unknown << " run(s) reported a token count no count can be: left out)";
    if (const Json share = f.value("repair_overhead", Json::object()).value("token_share", Json()); share.is_number())
        io.out << " (" << share1(share.get<double>()) << " after the first attempt)";
    io.out << '\n';
    if (const Json& cost = f.value("cost", Json()); cost.is_object()) {
        io.out << indent << "  cost " << dollars(cost.value("total_usd", 0.0));
        if (cost["per_valid_result_usd"].is_number())
            io.out << ", " << dollars(cost["per_valid_result_usd"].get<double>()) << " per valid result";
        if (cost["repair_overhead_share"].is_number())
            io.out << ", " << share1(cost["repair_overhead_share"].get<double>()) << " of it after the first attempt";
        if (cost.value("unpriced_runs", 0) > 0)
            io.out << " (" << cost["unpriced_runs"].get<std::int64_t>() << " run(s) with no price: " << dump(cost["unpriced"]) << ")";
        if (cost.value("unchecked_runs", 0) > 0)
            io.out << " (" << cost["unchecked_runs"].get<std::int64_t>() << " unchecked run(s) in the total, not per valid result)";
        if (cost.value("tokens_unknown_runs", 0) > 0)
            io.out << " (" << cost["tokens_unknown_runs"].get<std::int64_t>() << " run(s) with unknown token counts left out)";
        io.out << '\n';
    }
    if (f.contains("pass_k"))
        io.out << indent << "  " << f["pass_k"]["cases"] << " repeated case(s): pass^k " << percent(f["pass_k"], "pass_all_rate") << ", pass@k "
               << percent(f["pass_k"], "pass_any_rate") << '\n';
}

void printHuman(const Json& stats, Io& io)
{
    printFigures(stats, "", io);
    const Json& targets = stats["targets"];
    io.out << "targets: final success >= " << targets["final_success_rate"]["min"] << (targets["final_success_rate"]["met"].get<bool>() ? " met" : " MISSED")
           << ", mean repairs <= " << targets["mean_repairs"]["max"] << (targets["mean_repairs"]["met"].get<bool>() ? " met" : " MISSED")
           << ", fallback <= " << targets["fallback_rate"]["max"] << (targets["fallback_rate"]["met"].get<bool>() ? " met" : " MISSED") << '\n';
    for (const Json& group : stats.value("groups", Json::array())) {
        std::string key;
        for (const auto& [field, value] : group["key"].items())
            key += (key.empty() ? "" : ", ") + field + " " + value.get<std::string>();
        io.out << '\n' << key << '\n';
        printFigures(group, "  ", io);
    }
    if (!stats.contains("groups"))
        for (const Json& bucket : stats.value("buckets", Json::array())) {
            io.out << '\n' << bucket["start"].get<std::string>() << '\n';
            printFigures(bucket, "  ", io);
        }
}

} // namespace

namespace {

struct StatsOptions
{
    StoreOptions store;
    Option by{QStringLiteral("by"), QStringLiteral("Group by provider, model, schema, prompt, mode and/or source (comma-separated)."), QStringLiteral("FIELDS")};
    Option bucket = Option(QStringLiteral("bucket"), QStringLiteral("Also per hour or per day (UTC)."), QStringLiteral("hour|day"))
                        .choices({QStringLiteral("hour"), QStringLiteral("day")});
    Option prices = Option(QStringLiteral("prices"), QStringLiteral("A price table (JSON, as resources/prices.json) over the built-in one."), QStringLiteral("FILE")).file();
    Option json{QStringLiteral("json"), QStringLiteral("Print one JSON document.")};
    OptionTable table() const { return store.table() + OptionTable{by, bucket, prices, json, helpOption()}; }
};

} // namespace

OptionTable capturesStatsOptions()
{
    return StatsOptions().table();
}

int capturesStats(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const StatsOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &by = o.by, &bucket = o.bucket, &prices = o.prices, &json = o.json;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return fail(io, "captures stats: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
    store::StatsQuery query;
    if (parser.isSet(by)) {
        auto fields = store::parseGroupFields(parser.value(by).toStdString());
        if (!fields)
            return fail(io, "captures stats: " + fields.error().toString());
        query.by = std::move(fields).value();
    }
    if (parser.isSet(bucket)) {
        const QString value = parser.value(bucket);
        if (value != QLatin1String("hour") && value != QLatin1String("day"))
            return fail(io, "captures stats: --bucket must be hour or day, not '" + value.toStdString() + "'");
        query.bucket = value == QLatin1String("hour") ? store::Bucket::Hour : store::Bucket::Day;
    }
    auto filter = storeOptions.filter(parser);
    if (!filter)
        return fail(io, "captures stats: " + filter.error().toString());
    query.filter = std::move(filter).value();
    auto priceTable = loadPrices(parser, prices);
    if (!priceTable)
        return fail(io, "captures stats: " + priceTable.error().toString());
    query.prices = &priceTable.value();
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    auto stats = store.value()->stats(query);
    if (!stats)
        return fail(io, stats.error().toString());
    if (parser.isSet(json))
        io.out << dump(stats.value()) << '\n';
    else
        printHuman(stats.value(), io);
    io.out.flush();
    return Success;
}

} // namespace conform::cli
