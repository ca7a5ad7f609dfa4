// compare: is B better than A? Variants of what the store already holds (prompt or schema
// versions, models, modes, providers) against a baseline, with intervals and significance.
#include "command.h"
#include "store_options.h"

#include "stats/comparison.h"

#include <QCommandLineParser>

#include <ostream>

namespace conform::cli {

namespace {

class CompareCommand : public Command
{
public:
    std::string name() const override { return "compare"; }
    std::string summary() const override { return "is B better than A: final success per variant, with intervals and significance"; }
    std::string usage() const override
    {
        return "conform-cli compare --from-store --by prompt|schema|model|mode|provider [--baseline NAME|HASH]\n"
               "                    [FILTERS] [--prices FILE] [--json|--markdown] [--fail-on-regression]\n"
               "\n"
               "Each value of --by among the filtered captures is a variant. Final success (valid or repaired)\n"
               "is compared with the baseline's: Fisher's exact test up to 10,000 runs per variant, the\n"
               "two-proportion z-test beyond, Holm-corrected across variants; significant below p = 0.05.\n"
               "Rates carry 95% Wilson intervals, differences Newcombe's. The baseline defaults to the\n"
               "variant with the most runs. Exit 0 when the comparison ran; with --fail-on-regression, 1\n"
               "when a variant is significantly worse than the baseline (noise never fires it).\n"
               "Cost per valid result prices every attempt's tokens with the built-in, dated price table\n"
               "(resources/prices.json) or --prices FILE; a model without a price says \"no price\".";
    }

    int execute(const QStringList& arguments, Io& io) override
    {
        QCommandLineParser parser;
        const StoreOptions storeOptions;
        const QCommandLineOption fromStore(QStringLiteral("from-store"), QStringLiteral("Compare the captures the store already holds."));
        const QCommandLineOption by(QStringLiteral("by"), QStringLiteral("What the variants differ in: prompt, schema, model, mode or provider."), QStringLiteral("FIELD"));
        const QCommandLineOption baseline(QStringLiteral("baseline"), QStringLiteral("The baseline variant: its name or a unique prefix of its hash (default: the one with the most runs)."), QStringLiteral("NAME"));
        const QCommandLineOption prices(QStringLiteral("prices"), QStringLiteral("A price table (JSON, as resources/prices.json) over the built-in one."), QStringLiteral("FILE"));
        const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one JSON document."));
        const QCommandLineOption markdown(QStringLiteral("markdown"), QStringLiteral("Print a Markdown report (for a pull request)."));
        const QCommandLineOption failOnRegression(QStringLiteral("fail-on-regression"), QStringLiteral("Exit 1 when a variant is significantly worse than the baseline."));
        const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
        storeOptions.addTo(parser);
        parser.addOptions({fromStore, by, baseline, prices, json, markdown, failOnRegression, help});
        if (!parser.parse(arguments))
            return fail(io, "compare: " + parser.errorText().toStdString());
        if (parser.isSet(help))
            return printCommandHelp(io, *this, parser);
        if (!parser.positionalArguments().isEmpty())
            return fail(io, "compare: unexpected argument '" + parser.positionalArguments().constFirst().toStdString() + "'");
        if (!parser.isSet(fromStore))
            return fail(io, "compare: say what to compare: --from-store (running a comparison file is not built yet)");
        if (!parser.isSet(by))
            return fail(io, "compare: --by is required (prompt, schema, model, mode or provider)");
        if (parser.isSet(json) && parser.isSet(markdown))
            return fail(io, "compare: --json and --markdown exclude each other");
        const std::string field = parser.value(by).toStdString();
        auto fields = store::parseGroupFields(field);
        if (!fields)
            return fail(io, "compare: --by: " + fields.error().toString());
        if (fields->size() != 1)
            return fail(io, "compare: --by takes one field, not '" + field + "'");

        auto priceTable = loadPrices(parser, prices);
        if (!priceTable)
            return fail(io, "compare: " + priceTable.error().toString());
        store::StatsQuery query;
        query.by = fields.value();
        query.prices = &priceTable.value();
        auto filter = storeOptions.filter(parser);
        if (!filter)
            return fail(io, "compare: " + filter.error().toString());
        query.filter = std::move(filter).value();
        auto store = storeOptions.open(parser, false);
        if (!store)
            return fail(io, store.error().toString());
        auto figures = store.value()->stats(query);
        if (!figures)
            return fail(io, figures.error().toString());
        auto variants = stats::variantsOf(figures.value(), field);
        if (!variants)
            return fail(io, "compare: " + variants.error().toString());
        auto report = stats::compareVariants(std::move(variants).value(), field, parser.value(baseline).toStdString());
        if (!report)
            return fail(io, "compare: " + report.error().toString());

        if (parser.isSet(json))
            io.out << dump(stats::reportJson(report.value())) << '\n';
        else if (parser.isSet(markdown))
            io.out << stats::reportMarkdown(report.value());
        else
            io.out << stats::reportText(report.value());
        io.out.flush();
        return parser.isSet(failOnRegression) && report->anySignificantlyWorse() ? Invalid : Success;
    }
};

} // namespace

CONFORM_REGISTER_COMMAND(CompareCommand);

} // namespace conform::cli
