// captures to-suite: failures become a regression suite that replays offline
// (suite/regression_suite.h; `conform-cli suite FILE --replay` runs it).
#include "captures.h"
#include "store_options.h"

#include "suite/regression_suite.h"

#include <ostream>

namespace conform::cli {

namespace {

// The captures the arguments name: the ids given, or the cluster's newest `limit`.
Result<std::vector<store::Capture>> capturesNamed(store::Store& store, const QStringList& ids, const QString& cluster, long long limit)
{
    if (!cluster.isEmpty())
        return suite::clusterCaptures(store, cluster.toStdString(), static_cast<int>(limit));
    std::vector<std::string> chosen;
    for (const QString& id : ids.mid(0, static_cast<qsizetype>(std::min<long long>(limit, ids.size()))))
        chosen.push_back(id.toStdString());
    return suite::capturesById(store, chosen);
}

} // namespace

namespace {

struct ToSuiteOptions
{
    StoreOptions store;
    Option cluster{QStringLiteral("cluster"), QStringLiteral("The newest captures of this failure cluster."), QStringLiteral("C")};
    Option limit = Option(QStringLiteral("limit"), QStringLiteral("At most N cases."), QStringLiteral("N"), QStringLiteral("20"))
                       .defaultText(QStringLiteral("20 of a cluster, every id given"));
    Option output = Option(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write the suite to FILE."), QStringLiteral("FILE.suite.json")).file();
    OptionTable table() const { return OptionTable{store.store, cluster, limit, output, helpOption()}; }
};

} // namespace

OptionTable capturesToSuiteOptions()
{
    return ToSuiteOptions().table();
}

int capturesToSuite(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const ToSuiteOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &cluster = o.cluster, &limit = o.limit, &output = o.output;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    const QStringList ids = parser.positionalArguments();
    if (ids.isEmpty() == !parser.isSet(cluster))
        return fail(io, "captures to-suite: give capture ids or --cluster C (one of them)");
    if (!parser.isSet(output))
        return fail(io, "captures to-suite: give the suite file to write: -o FILE.suite.json");
    auto count = integerOption(parser, limit, 1, 10'000);
    if (!count)
        return fail(io, "captures to-suite: " + count.error().toString());
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    // The default limit is a cluster's: the ids given are taken whole unless --limit says.
    const long long limitOfIds = parser.isSet(limit) ? count.value() : ids.size();
    auto captures = capturesNamed(*store.value(), ids, parser.value(cluster), parser.isSet(cluster) ? count.value() : limitOfIds);
    if (!captures)
        return fail(io, "captures to-suite: " + captures.error().toString());
    const std::string name = parser.isSet(cluster) ? "cluster " + parser.value(cluster).toStdString()
                                                   : "captures " + ids.constFirst().toStdString() + (ids.size() > 1 ? " and more" : "");
    if (auto written = suite::writeSuiteFile(parser.value(output).toStdString(), suite::regressionSuite(name, captures.value())); !written)
        return fail(io, "captures to-suite: " + written.error().toString());
    io.out << "wrote " << captures->size() << " case(s) to " << parser.value(output).toStdString()
           << "; `conform-cli suite " << parser.value(output).toStdString() << " --replay` replays them offline" << std::endl;
    return Success;
}

} // namespace conform::cli
