#include "store/replay.h"

#include "engine/evaluate.h"
#include "store/store.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QThread>
#include <QtConcurrent/QtConcurrentMap>

namespace conform::store {

namespace {

constexpr int kPageSize = 4000;

struct Verdict
{
    bool valid = false;
    Json firstIssue;
};

Verdict check(const StoredReply& stored, const schema::Validator& validator, const Json& schema, const std::atomic_bool* cancelled)
{
    if (cancelled && *cancelled)
        return {};
    engine::AttemptRecord attempt;
    engine::Policy policy;
    policy.coerce = stored.reply.coerce;
    policy.strictRepairs = stored.reply.strictRepairs;
    engine::evaluate(attempt, stored.reply.raw, validator, schema, false, policy);
    Verdict verdict{attempt.valid, Json()};
    if (!attempt.valid)
        verdict.firstIssue = !attempt.issues.empty() ? attempt.issues[0]
                                                     : Json{{"code", "no_json"}, {"message", attempt.extractionFailure}};
    return verdict;
}

void tallyPage(const std::vector<StoredReply>& page, const QList<Verdict>& verdicts, ReplayReport& report)
{
    for (std::size_t i = 0; i < page.size(); ++i) {
        const bool before = page[i].reply.valid;
        const Verdict& verdict = verdicts[static_cast<qsizetype>(i)];
        const bool after = verdict.valid;
        ++report.count;
        report.validAfter += after;
        if (!page[i].checked) {
            ++report.uncheckedBefore;
            continue;
        }
        report.validBefore += before;
        if (before == after)
            continue;
        (before ? report.becameInvalid : report.becameValid) += 1;
        const StoredReply& stored = page[i];
        report.changes.push_back({stored.id, before, after, after ? stored.reply.firstIssue : verdict.firstIssue, stored.createdAtMs,
                                  stored.schemaTitle, stored.model.empty() ? stored.provider : stored.provider + '/' + stored.model});
    }
}

} // namespace

Json ReplayReport::toJson() const
{
    Json list = Json::array();
    for (const ReplayChange& c : changes)
        list.push_back(Json{{"id", c.id}, {"before", c.validBefore ? "valid" : "invalid"}, {"after", c.validAfter ? "valid" : "invalid"},
                            {"issue", c.issue}});
    Json out{{"count", count}, {"valid_before", validBefore}, {"valid_after", validAfter}, {"became_invalid", becameInvalid},
             {"became_valid", becameValid}, {"unchecked_before", uncheckedBefore}, {"seconds", seconds}, {"changes", std::move(list)}};
    if (cancelled)
        out["cancelled"] = true;
    return out;
}

Result<ReplayReport> replayHistory(Store& store, const Filter& filter, const schema::Validator& validator, const Json& schema,
                                   const ReplayProgress& progress, const std::atomic_bool* cancelled)
{
    QElapsedTimer clock;
    clock.start();
    ReplayReport report;
    auto total = store.count(filter);
    if (!total)
        return total.error();
    auto page = store.replies(filter, 0, kPageSize);
    if (!page)
        return page.error();
    std::vector<StoredReply> current = std::move(page).value();
    while (!current.empty()) {
        // Check this page on the pool while this thread reads the next one.
        QFuture<Verdict> verdicts = QtConcurrent::mapped(current.cbegin(), current.cend(), [&](const StoredReply& r) { return check(r, validator, schema, cancelled); });
        auto next = store.replies(filter, current.back().seq, kPageSize);
        verdicts.waitForFinished();
        if (cancelled && *cancelled) {
            report.cancelled = true;
            break;
        }
        tallyPage(current, verdicts.results(), report);
        if (progress)
            progress(report.count, total.value());
        if (!next)
            return next.error();
        current = std::move(next).value();
    }
    report.seconds = double(clock.nsecsElapsed()) / 1e9;
    return report;
}

ReplayJob::ReplayJob(StoreLocation location, Filter filter, std::shared_ptr<const schema::Validator> validator, Json schema, QObject* parent)
    : QObject(parent), m_location(std::move(location)), m_filter(std::move(filter)), m_validator(std::move(validator)), m_schema(std::move(schema))
{
}

ReplayJob::~ReplayJob()
{
    m_cancelled = true;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void ReplayJob::start()
{
    if (m_thread)
        return;
    m_thread = QThread::create([this] {
        auto store = Store::open(m_location, OpenOptions{false});
        if (!store) {
            emit failed(QString::fromStdString(store.error().toString()));
            return;
        }
        auto report = replayHistory(*store.value(), m_filter, *m_validator, m_schema,
                                    [this](std::int64_t done, std::int64_t total) { emit progress(done, total); }, &m_cancelled);
        if (!report)
            emit failed(QString::fromStdString(report.error().toString()));
        else
            emit finished(report.value());
    });
    m_thread->start();
}

} // namespace conform::store
