// Store: reviews of clusters and captures (reviews.h) and labels changed after the fact
// (labels.h). Each change is one write transaction.
#include "store/store.h"

#include "store/detail/connection.h"
#include "store/detail/sql_values.h"

#include <QSqlQuery>

#include <map>

namespace conform::store {

using detail::integer;
using detail::stringOf;

namespace {

QVariant text(std::string_view value)
{
    return QString::fromUtf8(value.data(), static_cast<qsizetype>(value.size()));
}

QVariant kindOf(const ReviewSubject& subject)
{
    return text(subjectKindName(subject.kind));
}

} // namespace

Result<std::vector<std::int64_t>> Store::seqsOf(const std::vector<std::string>& ids)
{
    std::map<std::string, std::int64_t> found;
    for (std::size_t at = 0; at < ids.size(); at += 500) {
        QVariantList chunk;
        for (std::size_t i = at; i < std::min(ids.size(), at + 500); ++i)
            chunk << QString::fromStdString(ids[i]);
        auto rows = m_connection->exec(QStringLiteral("SELECT id, seq FROM captures WHERE id IN (")
                                           + QStringList(chunk.size(), QStringLiteral("?")).join(QLatin1Char(',')) + QLatin1Char(')'),
                                       chunk);
        if (!rows)
            return rows.error();
        while (rows->next())
            found.emplace(stringOf(rows->value(0)), rows->value(1).toLongLong());
    }
    std::vector<std::int64_t> seqs;
    for (const std::string& id : ids) {
        const auto seq = found.find(id);
        if (seq == found.end())
            return Error{"no capture " + id, location().display()};
        seqs.push_back(seq->second);
    }
    return seqs;
}

Result<std::vector<ReviewEvent>> Store::review(const ReviewChange& change)
{
    if (change.state == ReviewState::Regressed)
        return Error{"no one sets the state regressed: a fixed cluster reads so when a newer capture arrives", {}};
    if (change.reviewer.empty())
        return Error{"a review needs a reviewer", {}};
    if (change.subjects.empty())
        return Error{"nothing to review: give capture ids or a cluster", {}};
    std::vector<std::string> captureIds;
    for (const ReviewSubject& subject : change.subjects)
        if (subject.kind == SubjectKind::Capture)
            captureIds.push_back(subject.id);
    if (auto known = seqsOf(captureIds); !known)
        return known.error();
    if (auto began = m_connection->begin(true); !began)
        return began.error();
    std::vector<ReviewEvent> events;
    const auto write = [&]() -> Status {
        const QString lock = dialect() == Dialect::Postgres ? QStringLiteral(" FOR UPDATE") : QString();
        for (const ReviewSubject& subject : change.subjects) {
            if (subject.kind == SubjectKind::Cluster) {
                auto known = m_connection->exec(QStringLiteral("SELECT 1 FROM clusters WHERE id = ?"), {text(subject.id)}, "writing");
                if (!known)
                    return known.error();
                if (!known->next())
                    return Error{"no cluster " + subject.id, location().display()};
            }
            std::optional<std::pair<std::string, std::string>> before; // state, note
            {
                auto rows = m_connection->exec(QStringLiteral("SELECT state, note FROM reviews WHERE subject_kind = ? AND subject = ?") + lock,
                                               {kindOf(subject), text(subject.id)}, "writing");
                if (!rows)
                    return rows.error();
                if (rows->next())
                    before.emplace(stringOf(rows->value(0)), stringOf(rows->value(1)));
            }
            const std::string note = change.note.value_or(before ? before->second : std::string());
            const QVariantList values{kindOf(subject), text(subject.id), text(reviewStateName(change.state)), text(note), text(change.reviewer),
                                      integer(change.atMs)};
            auto set = m_connection->exec(QStringLiteral("INSERT INTO reviews (subject_kind, subject, state, note, reviewer, reviewed_at) VALUES (?, ?, ?, ?, ?, ?)"
                                                         " ON CONFLICT (subject_kind, subject) DO UPDATE SET state = excluded.state, note = excluded.note,"
                                                         " reviewer = excluded.reviewer, reviewed_at = excluded.reviewed_at"),
                                          values, "writing");
            if (!set)
                return set.error();
            auto logged = m_connection->exec(QStringLiteral("INSERT INTO review_history (subject_kind, subject, state, previous_state, note, previous_note,"
                                                            " reviewer, reviewed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
                                             {kindOf(subject), text(subject.id), text(reviewStateName(change.state)),
                                              before ? text(before->first) : QVariant(QMetaType::fromType<QString>()), text(note),
                                              before ? text(before->second) : QVariant(QMetaType::fromType<QString>()), text(change.reviewer),
                                              integer(change.atMs)},
                                             "writing");
            if (!logged)
                return logged.error();
            events.push_back({subject, change.state, before ? parseReviewState(before->first) : std::nullopt, note,
                              before ? std::optional(before->second) : std::nullopt, change.reviewer, change.atMs});
        }
        return Done{};
    };
    if (auto written = write(); !written) {
        m_connection->rollback();
        return written.error();
    }
    if (auto committed = m_connection->commit(); !committed) {
        m_connection->rollback();
        return committed.error();
    }
    return events;
}

Result<std::optional<Review>> Store::reviewOf(const ReviewSubject& subject)
{
    auto rows = m_connection->exec(QStringLiteral("SELECT state, note, reviewer, reviewed_at FROM reviews WHERE subject_kind = ? AND subject = ?"),
                                   {kindOf(subject), text(subject.id)});
    if (!rows)
        return rows.error();
    if (!rows->next())
        return std::optional<Review>();
    Review review;
    review.state = parseReviewState(stringOf(rows->value(0))).value_or(ReviewState::New);
    review.note = stringOf(rows->value(1));
    review.reviewer = stringOf(rows->value(2));
    review.reviewedAtMs = rows->value(3).toLongLong();
    return std::optional<Review>(std::move(review));
}

Result<std::vector<ReviewEvent>> Store::reviewHistory(const ReviewSubject& subject)
{
    auto rows = m_connection->exec(QStringLiteral("SELECT state, previous_state, note, previous_note, reviewer, reviewed_at FROM review_history"
                                                  " WHERE subject_kind = ? AND subject = ? ORDER BY seq"),
                                   {kindOf(subject), text(subject.id)});
    if (!rows)
        return rows.error();
    std::vector<ReviewEvent> events;
    while (rows->next()) {
        ReviewEvent event;
        event.subject = subject;
        event.state = parseReviewState(stringOf(rows->value(0))).value_or(ReviewState::New);
        if (!rows->value(1).isNull())
            event.previousState = parseReviewState(stringOf(rows->value(1)));
        event.note = stringOf(rows->value(2));
        if (!rows->value(3).isNull())
            event.previousNote = stringOf(rows->value(3));
        event.reviewer = stringOf(rows->value(4));
        event.atMs = rows->value(5).toLongLong();
        events.push_back(std::move(event));
    }
    return events;
}

Status Store::relabel(const LabelChange& change)
{
    for (const auto& [key, value] : change.set)
        if (auto allowed = checkLabelKey(key); !allowed)
            return allowed;
    for (const std::string& key : change.remove)
        if (auto allowed = checkLabelKey(key); !allowed)
            return allowed;
    auto seqs = seqsOf(change.captureIds);
    if (!seqs)
        return seqs.error();
    if (auto began = m_connection->begin(true); !began)
        return began;
    const auto write = [&]() -> Status {
        for (const std::int64_t seq : seqs.value()) {
            for (const auto& [key, value] : change.set)
                if (auto set = m_connection->exec(QStringLiteral("INSERT INTO capture_labels (capture_seq, key, value) VALUES (?, ?, ?)"
                                                                 " ON CONFLICT (capture_seq, key) DO UPDATE SET value = excluded.value"),
                                                  {integer(seq), text(key), text(value)}, "writing");
                    !set)
                    return set.error();
            for (const std::string& key : change.remove)
                if (auto removed = m_connection->exec(QStringLiteral("DELETE FROM capture_labels WHERE capture_seq = ? AND key = ?"),
                                                      {integer(seq), text(key)}, "writing");
                    !removed)
                    return removed.error();
        }
        return Done{};
    };
    if (auto written = write(); !written) {
        m_connection->rollback();
        return written;
    }
    if (auto committed = m_connection->commit(); !committed) {
        m_connection->rollback();
        return committed;
    }
    return Done{};
}

} // namespace conform::store
