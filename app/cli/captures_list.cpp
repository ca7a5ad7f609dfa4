// captures list and captures show: reading captures back.
#include "captures.h"
#include "store_options.h"

#include <ostream>

namespace conform::cli {

namespace {

void printSummaryLine(const store::CaptureSummary& s, Io& io)
{
    std::string flags;
    for (const std::string& flag : store::flagNames(s.flags))
        flags += " [" + flag + "]";
    io.out << s.id << "  " << store::isoTime(s.createdAtMs) << "  " << store::outcomeNameOf(s.outcome) << flags << "  " << s.provider
           << (s.model.empty() ? "" : "/" + s.model) << " (" << s.mode << ")  " << s.attempts << " attempt(s), " << s.repairs
           << " repair(s)  " << s.latencyMs << " ms  " << (s.schemaTitle.empty() ? s.schemaHash : s.schemaTitle) << '\n';
}

} // namespace

int capturesList(const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const StoreOptions storeOptions;
    const QCommandLineOption limit(QStringLiteral("limit"), QStringLiteral("At most N captures (default 50)."), QStringLiteral("N"), QStringLiteral("50"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("One JSON object per line."));
    storeOptions.addTo(parser);
    parser.addOptions({limit, json});
    if (auto done = parseSubcommand(parser, arguments, io))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return fail(io, "captures list: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
    auto count = integerOption(parser, limit, 1, 100'000'000);
    if (!count)
        return fail(io, "captures list: " + count.error().toString());
    auto filter = storeOptions.filter(parser);
    if (!filter)
        return fail(io, "captures list: " + filter.error().toString());
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    // Pages of a few thousand, so a long list starts printing at once and never sits in memory.
    store::Filter page = filter.value();
    page.descending = true;
    long long left = count.value();
    while (left > 0) {
        std::vector<std::int64_t> seqs;
        auto rows = store.value()->list(page, static_cast<int>(std::min<long long>(left, 2000)), &seqs);
        if (!rows)
            return fail(io, rows.error().toString());
        for (const store::CaptureSummary& summary : rows.value()) {
            if (parser.isSet(json))
                io.out << dump(summary.toJson()) << '\n';
            else
                printSummaryLine(summary, io);
        }
        if (rows->size() < std::min<std::size_t>(static_cast<std::size_t>(left), 2000))
            break;
        left -= static_cast<long long>(rows->size());
        page.afterSeq = seqs.back();
    }
    io.out.flush();
    return Success;
}

int capturesShow(const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const StoreOptions storeOptions;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Compact JSON on one line (default: indented)."));
    parser.addOptions({storeOptions.store, json});
    if (auto done = parseSubcommand(parser, arguments, io))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return fail(io, "captures show: give one capture id");
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    const std::string id = parser.positionalArguments().constFirst().toStdString();
    auto capture = store.value()->capture(id);
    if (!capture)
        return fail(io, capture.error().toString());
    if (!capture.value())
        return fail(io, "captures show: no capture " + id + " in " + store.value()->location().display());
    io.out << dump(capture.value()->document(), parser.isSet(json) ? -1 : 2) << std::endl;
    return Success;
}

} // namespace conform::cli
