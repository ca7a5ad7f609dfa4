// captures list and captures show: reading captures back.
#include "captures.h"
#include "store_options.h"

#include "store/capture_spec.h"

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

// "--sort latency" or "--sort provider:asc": a store::Order. A bare key sorts as the browser's
// first click does: numbers, time and outcome biggest first (outcome: failed first), names A-Z.
Result<store::Order> sortOption(const QString& text)
{
    const QString key = text.section(QLatin1Char(':'), 0, 0);
    const QString direction = text.section(QLatin1Char(':'), 1);
    const auto named = store::sortKeyNamed(key.toStdString());
    if (!named || text.count(QLatin1Char(':')) > 1)
        return Error{"--sort must be KEY[:asc|desc], KEY one of time, outcome, provider, model, mode, attempts, repairs, "
                     "latency, tokens; not '" + text.toStdString() + "'", {}};
    store::Order order{*named, true};
    if (direction.isEmpty())
        order.descending = *named != store::SortKey::Provider && *named != store::SortKey::Model && *named != store::SortKey::Mode;
    else if (direction == QLatin1String("asc") || direction == QLatin1String("desc"))
        order.descending = direction == QLatin1String("desc");
    else
        return Error{"--sort direction must be asc or desc, not '" + direction.toStdString() + "'", {}};
    return order;
}

void printSummary(const store::CaptureSummary& summary, bool json, Io& io)
{
    if (json)
        io.out << dump(summary.toJson()) << '\n';
    else
        printSummaryLine(summary, io);
}

// In the store's sorted order: keyset pages on the sort key's index.
int listSorted(store::Store& store, const store::Filter& filter, const store::Order& order, long long count, bool json, Io& io)
{
    std::optional<store::Cursor> after;
    while (count > 0) {
        auto page = store.page(filter, order, after, static_cast<int>(std::min<long long>(count, 2000)));
        if (!page)
            return fail(io, page.error().toString());
        for (const store::CaptureSummary& summary : page->rows)
            printSummary(summary, json, io);
        count -= static_cast<long long>(page->rows.size());
        if (!page->next)
            break;
        after = page->next;
    }
    io.out.flush();
    return Success;
}

} // namespace

namespace {

struct ListOptions
{
    StoreOptions store;
    Option limit{QStringLiteral("limit"), QStringLiteral("At most N captures."), QStringLiteral("N"), QStringLiteral("50")};
    Option json{QStringLiteral("json"), QStringLiteral("One JSON object per line.")};
    Option sort = Option(QStringLiteral("sort"),
                         QStringLiteral("Order by KEY (time, outcome, provider, model, mode, attempts, repairs, latency, tokens), :asc or :desc."),
                         QStringLiteral("KEY[:DIR]"))
                      .defaultText(QStringLiteral("newest first"));
    OptionTable table() const { return store.table() + OptionTable{limit, json, sort, helpOption()}; }
};

struct ShowOptions
{
    StoreOptions store;
    Option json{QStringLiteral("json"), QStringLiteral("Compact JSON on one line, not indented.")};
    Option asCommand{QStringLiteral("as-command"), QStringLiteral("Print the `conform-cli run` line that runs the capture's spec again.")};
    OptionTable table() const { return OptionTable{store.store, json, asCommand, helpOption()}; }
};

} // namespace

OptionTable capturesListOptions()
{
    return ListOptions().table();
}

OptionTable capturesShowOptions()
{
    return ShowOptions().table();
}

int capturesList(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const ListOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &limit = o.limit, &json = o.json, &sort = o.sort;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return fail(io, "captures list: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
    auto count = integerOption(parser, limit, 1, 100'000'000);
    if (!count)
        return fail(io, "captures list: " + count.error().toString());
    auto filter = storeOptions.filter(parser);
    if (!filter)
        return fail(io, "captures list: " + filter.error().toString());
    std::optional<store::Order> order;
    if (parser.isSet(sort)) {
        auto chosen = sortOption(parser.value(sort));
        if (!chosen)
            return fail(io, "captures list: " + chosen.error().toString());
        order = chosen.value();
    }
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    if (order)
        return listSorted(*store.value(), filter.value(), *order, count.value(), parser.isSet(json), io);
    // Pages of a few thousand, so a long list starts printing at once and never sits in memory.
    store::Filter page = filter.value();
    page.descending = true;
    long long left = count.value();
    while (left > 0) {
        std::vector<std::int64_t> seqs;
        auto rows = store.value()->list(page, static_cast<int>(std::min<long long>(left, 2000)), &seqs);
        if (!rows)
            return fail(io, rows.error().toString());
        for (const store::CaptureSummary& summary : rows.value())
            printSummary(summary, parser.isSet(json), io);
        if (rows->size() < std::min<std::size_t>(static_cast<std::size_t>(left), 2000))
            break;
        left -= static_cast<long long>(rows->size());
        page.afterSeq = seqs.back();
    }
    io.out.flush();
    return Success;
}

int capturesShow(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const ShowOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &json = o.json, &asCommand = o.asCommand;
    if (auto done = parseOptions(parser, self, arguments, io))
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
    if (parser.isSet(asCommand)) {
        if (parser.isSet(json))
            return fail(io, "captures show: --as-command and --json contradict each other");
        auto command = store::commandOfCapture(*capture.value(), store::specsFolderOf(store.value()->location()));
        if (!command)
            return fail(io, "captures show: " + command.error().toString());
        io.out << store::shellLine(command.value()).toStdString() << std::endl;
        return Success;
    }
    io.out << dump(capture.value()->document(), parser.isSet(json) ? -1 : 2) << std::endl;
    return Success;
}

} // namespace conform::cli
