// captures review and captures label: what a reviewer writes back into the store
// (store/reviews.h, store/labels.h).
#include "captures.h"
#include "store_options.h"

#include <QDateTime>

#include <ostream>

namespace conform::cli {

namespace {

// The capture ids given and the clusters named by --cluster, as review subjects.
std::vector<store::ReviewSubject> subjectsOf(const QCommandLineParser& parser, const QCommandLineOption& cluster)
{
    std::vector<store::ReviewSubject> subjects;
    for (const QString& id : parser.positionalArguments())
        subjects.push_back({store::SubjectKind::Capture, id.toStdString()});
    for (const QString& id : parser.values(cluster))
        subjects.push_back({store::SubjectKind::Cluster, id.toStdString()});
    return subjects;
}

void printEvent(const store::ReviewEvent& e, bool json, Io& io)
{
    if (json) {
        io.out << dump(e.toJson()) << '\n';
        return;
    }
    io.out << store::subjectKindName(e.subject.kind) << ' ' << e.subject.id << ": " << store::reviewStateName(e.state);
    if (const auto before = e.previousState.value_or(store::ReviewState::New); before != e.state)
        io.out << " (was " << store::reviewStateName(before) << ')';
    io.out << ", by " << e.reviewer << " at " << store::isoTime(e.atMs);
    if (!e.note.empty())
        io.out << ": " << e.note;
    io.out << '\n';
}

int printHistory(store::Store& store, const std::vector<store::ReviewSubject>& subjects, bool json, Io& io)
{
    for (const store::ReviewSubject& subject : subjects) {
        auto history = store.reviewHistory(subject);
        if (!history)
            return fail(io, history.error().toString());
        for (const store::ReviewEvent& event : history.value())
            printEvent(event, json, io);
    }
    io.out.flush();
    return Success;
}

} // namespace

namespace {

struct ReviewOptions
{
    StoreOptions store;
    Option cluster = Option(QStringLiteral("cluster"), QStringLiteral("Review this failure cluster."), QStringLiteral("C")).repeatable();
    Option state = Option(QStringLiteral("state"), QStringLiteral("new, confirmed, expected, fixed or ignored."), QStringLiteral("S"))
                       .choices({QStringLiteral("new"), QStringLiteral("confirmed"), QStringLiteral("expected"), QStringLiteral("fixed"), QStringLiteral("ignored")});
    Option note = Option(QStringLiteral("note"), QStringLiteral("The note; \"\" clears it."), QStringLiteral("TEXT")).defaultText(QStringLiteral("the note there was"));
    Option reviewer = Option(QStringLiteral("reviewer"), QStringLiteral("Who reviews."), QStringLiteral("NAME")).defaultText(QStringLiteral("$USER"));
    Option history{QStringLiteral("history"), QStringLiteral("Print every change to the reviews given instead, oldest first.")};
    Option json{QStringLiteral("json"), QStringLiteral("One JSON object per change, one a line.")};
    OptionTable table() const { return OptionTable{store.store, cluster, state, note, reviewer, history, json, helpOption()}; }
};

struct LabelOptions
{
    StoreOptions store;
    Option set = Option(QStringLiteral("set"), QStringLiteral("Set the label K to V."), QStringLiteral("K=V")).repeatable();
    Option remove = Option(QStringLiteral("remove"), QStringLiteral("Remove the label K."), QStringLiteral("K")).repeatable();
    OptionTable table() const { return OptionTable{store.store, set, remove, helpOption()}; }
};

} // namespace

OptionTable capturesReviewOptions()
{
    return ReviewOptions().table();
}

OptionTable capturesLabelOptions()
{
    return LabelOptions().table();
}

int capturesReview(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const ReviewOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &cluster = o.cluster, &state = o.state, &note = o.note, &reviewer = o.reviewer, &history = o.history, &json = o.json;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    const std::vector<store::ReviewSubject> subjects = subjectsOf(parser, cluster);
    if (subjects.empty())
        return fail(io, "captures review: give capture ids or --cluster C");
    if (parser.isSet(history) == parser.isSet(state))
        return fail(io, "captures review: give --state S, or --history to read the reviews");
    store::ReviewChange change;
    change.subjects = subjects;
    if (parser.isSet(state)) {
        const auto parsed = store::parseReviewState(parser.value(state).toStdString());
        if (!parsed || *parsed == store::ReviewState::Regressed)
            return fail(io, "captures review: --state must be new, confirmed, expected, fixed or ignored, not '" + parser.value(state).toStdString() + "'"
                                + (parsed ? " (a fixed cluster reads regressed when a newer capture arrives; no one sets it)" : ""));
        change.state = *parsed;
        change.reviewer = (parser.isSet(reviewer) ? parser.value(reviewer) : qEnvironmentVariable("USER")).toStdString();
        if (change.reviewer.empty())
            return fail(io, "captures review: who reviews? Give --reviewer NAME ($USER is not set)");
        if (parser.isSet(note))
            change.note = parser.value(note).toStdString();
        change.atMs = QDateTime::currentMSecsSinceEpoch();
    }
    auto store = storeOptions.open(parser, false); // a review never makes a store
    if (!store)
        return fail(io, store.error().toString());
    if (parser.isSet(history))
        return printHistory(*store.value(), subjects, parser.isSet(json), io);
    auto events = store.value()->review(change);
    if (!events)
        return fail(io, "captures review: " + events.error().toString());
    for (const store::ReviewEvent& event : events.value())
        printEvent(event, parser.isSet(json), io);
    io.out.flush();
    return Success;
}

int capturesLabel(const Command& self, const QStringList& arguments, Io& io)
{
    QCommandLineParser parser;
    const LabelOptions o;
    const StoreOptions& storeOptions = o.store;
    const Option &set = o.set, &remove = o.remove;
    if (auto done = parseOptions(parser, self, arguments, io))
        return *done;
    store::LabelChange change;
    for (const QString& id : parser.positionalArguments())
        change.captureIds.push_back(id.toStdString());
    if (change.captureIds.empty())
        return fail(io, "captures label: give the ids of the captures to label");
    for (const QString& pair : parser.values(set)) {
        const auto split = splitKeyValue(pair);
        if (!split)
            return fail(io, "captures label: --set wants K=V, not '" + pair.toStdString() + "'");
        change.set.push_back(*split);
    }
    for (const QString& key : parser.values(remove))
        change.remove.push_back(key.toStdString());
    if (change.set.empty() && change.remove.empty())
        return fail(io, "captures label: give --set K=V or --remove K");
    auto store = storeOptions.open(parser, false);
    if (!store)
        return fail(io, store.error().toString());
    if (auto changed = store.value()->relabel(change); !changed)
        return fail(io, "captures label: " + changed.error().toString());
    io.out << "labelled " << change.captureIds.size() << " capture(s)" << std::endl;
    return Success;
}

} // namespace conform::cli
