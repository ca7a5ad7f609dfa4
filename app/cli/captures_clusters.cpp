// captures clusters: failures grouped by cause, biggest first (store/clusters.h).
#include "captures.h"
#include "store_options.h"

#include "base/path.h"

#include <ostream>

namespace conform::cli {

namespace {

// "/items/*/price invalid_type", or the flags: what the cluster's captures share, in short.
std::string causeOf(const store::Cluster& cluster)
{
    std::string cause;
    for (const std::string& flag : store::flagNames(cluster.flags))
        cause += (cause.empty() ? "" : ", ") + flag;
    constexpr std::size_t kShown = 3;
    for (std::size_t i = 0; i < cluster.findings.size() && i < kShown; ++i) {
        std::string pointer;
        for (const std::string& step : cluster.findings[i].path)
            pointer = appendPointer(pointer, step);
        cause += (cause.empty() ? "" : ", ") + pointerText(pointer) + " " + cluster.findings[i].code;
    }
    if (cluster.findings.size() > kShown)
        cause += " and " + std::to_string(cluster.findings.size() - kShown) + " more";
    return cause;
}

void printLine(const store::Cluster& c, Io& io)
{
    const std::string schema = c.schemaTitle.empty() ? c.schemaHash : c.schemaTitle;
    io.out << c.id << "  " << c.count << "  " << store::outcomeNameOf(c.outcome) << "  " << schema << "  " << causeOf(c) << "  last "
           << store::isoTime(c.lastSeenMs) << "  " << store::reviewStateName(c.state);
    if (c.review && !c.review->note.empty())
        io.out << " (" << c.review->note << ")";
    io.out << '\n';
}

} // namespace

namespace {

struct ClustersOptions
{
    StoreOptions store;
    Option json{QStringLiteral("json"), QStringLiteral("One JSON object per cluster, one a line.")};
    Option limit = Option(QStringLiteral("limit"), QStringLiteral("At most N clusters."), QStringLiteral("N")).defaultText(QStringLiteral("all"));
    Option newest{QStringLiteral("newest"), QStringLiteral("Most recently seen first, not biggest first.")};
    Option state = Option(QStringLiteral("state"), QStringLiteral("Only clusters in this state."), QStringLiteral("S"))
                       .choices({QStringLiteral("new"), QStringLiteral("confirmed"), QStringLiteral("expected"), QStringLiteral("fixed"),
                                 QStringLiteral("ignored"), QStringLiteral("regressed")})
                       .repeatable();
    OptionTable table() const { return store.table() + OptionTable{json, limit, newest, state, helpOption()}; }
};

} // namespace

OptionTable capturesClustersOptions()
{
    return ClustersOptions().table();
}

int capturesClusters(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const ClustersOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &json = o.json, &limit = o.limit, &newest = o.newest, &state = o.state;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return fail(io, "captures clusters: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
    store::ClusterQuery query;
    auto filter = storeOptions.filter(parser);
    if (!filter)
        return fail(io, "captures clusters: " + filter.error().toString());
    query.filter = std::move(filter).value();
    if (parser.isSet(limit)) {
        auto count = integerOption(parser, limit, 1, 100'000'000);
        if (!count)
            return fail(io, "captures clusters: " + count.error().toString());
        query.limit = count.value();
    }
    query.order = parser.isSet(newest) ? store::ClusterOrder::Newest : store::ClusterOrder::Biggest;
    for (const QString& name : parser.values(state)) {
        const auto parsed = store::parseReviewState(name.toStdString());
        if (!parsed)
            return fail(io, "captures clusters: --state must be new, confirmed, expected, fixed, ignored or regressed, not '" + name.toStdString() + "'");
        query.states.push_back(*parsed);
    }
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    auto clusters = store.value()->clusters(query);
    if (!clusters)
        return fail(io, clusters.error().toString());
    for (const store::Cluster& cluster : clusters.value()) {
        if (parser.isSet(json))
            io.out << dump(cluster.toJson()) << '\n';
        else
            printLine(cluster, io);
    }
    io.out.flush();
    return Success;
}

} // namespace conform::cli
