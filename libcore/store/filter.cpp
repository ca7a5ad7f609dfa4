#include "store/filter.h"

#include "store/capture.h"

namespace conform::store {

namespace {

void addCondition(SqlCondition& where, const QString& condition, QVariantList values = {})
{
    where.sql += where.sql.isEmpty() ? QStringLiteral(" WHERE ") : QStringLiteral(" AND ");
    where.sql += condition;
    where.values += values;
}

QString likePattern(const std::string& text, bool prefix)
{
    QString escaped = QString::fromStdString(text);
    escaped.replace(QLatin1Char('!'), QLatin1String("!!")).replace(QLatin1Char('%'), QLatin1String("!%")).replace(QLatin1Char('_'), QLatin1String("!_"));
    return prefix ? QString(escaped + QLatin1Char('%')) : QString(QLatin1Char('%') + escaped + QLatin1Char('%'));
}

} // namespace

Status Filter::set(const std::string& name, const std::string& value)
{
    auto invalid = [&](const std::string& why) { return Status(Error{"--" + name + " " + why, {}}); };
    if (name == "schema-hash")
        schemaHash = value;
    else if (name == "schema-title")
        schemaTitle = value;
    else if (name == "schema-id")
        schemaId = value;
    else if (name == "prompt-hash")
        promptHash = value;
    else if (name == "provider")
        provider = value;
    else if (name == "model")
        model = value;
    else if (name == "mode")
        mode = value;
    else if (name == "source")
        source = value;
    else if (name == "outcome") {
        outcome = outcomeCode(value);
        if (!outcome)
            return invalid("must be valid, repaired, fallback, failed or unchecked, not '" + value + "'");
    } else if (name == "flag") {
        const auto bit = flagBit(value);
        if (!bit)
            return invalid("must be truncated, refused, transport_error, cancelled, not_enforced or tokens_unknown, not '" + value + "'");
        flags |= *bit;
    } else if (name == "label") {
        const std::size_t eq = value.find('=');
        if (eq == std::string::npos || eq == 0)
            return invalid("wants K=V, not '" + value + "'");
        labels.emplace_back(value.substr(0, eq), value.substr(eq + 1));
    } else if (name == "since" || name == "until") {
        auto time = parseIsoTime(value);
        if (!time)
            return invalid(time.error().message);
        (name == "since" ? sinceMs : untilMs) = time.value();
    } else if (name == "text") {
        replyContains = value;
    } else if (name == "cluster") {
        cluster = value;
    } else {
        return invalid("is not a filter");
    }
    return Done{};
}

SqlCondition whereClause(const Filter& f)
{
    SqlCondition where;
    if (!f.schemaHash.empty())
        addCondition(where, QStringLiteral("c.schema_hash LIKE ? ESCAPE '!'"), {likePattern(f.schemaHash, true)});
    if (!f.schemaTitle.empty())
        addCondition(where, QStringLiteral("c.schema_hash IN (SELECT s.hash FROM schemas s WHERE s.title = ?)"),
                     {QString::fromStdString(f.schemaTitle)});
    if (!f.schemaId.empty())
        addCondition(where, QStringLiteral("c.schema_hash IN (SELECT s.hash FROM schemas s WHERE s.schema_id = ?)"),
                     {QString::fromStdString(f.schemaId)});
    if (!f.promptHash.empty())
        addCondition(where, QStringLiteral("c.prompt_hash LIKE ? ESCAPE '!'"), {likePattern(f.promptHash, true)});
    if (!f.provider.empty())
        addCondition(where, QStringLiteral("c.provider = ?"), {QString::fromStdString(f.provider)});
    if (!f.model.empty())
        addCondition(where, QStringLiteral("c.model = ?"), {QString::fromStdString(f.model)});
    if (!f.mode.empty())
        addCondition(where, QStringLiteral("c.mode = ?"), {QString::fromStdString(f.mode)});
    if (!f.source.empty())
        addCondition(where, QStringLiteral("c.source = ?"), {QString::fromStdString(f.source)});
    if (f.outcome)
        addCondition(where, QStringLiteral("c.outcome = ?"), {*f.outcome});
    if (f.flags != 0) // our own bit mask, an integer: safe to inline, and PostgreSQL needs the type
        addCondition(where, QStringLiteral("(c.flags & %1) = %1").arg(f.flags));
    for (const auto& [key, value] : f.labels)
        addCondition(where, QStringLiteral("EXISTS (SELECT 1 FROM capture_labels l WHERE l.capture_seq = c.seq AND l.key = ? AND l.value = ?)"),
                     {QString::fromStdString(key), QString::fromStdString(value)});
    if (f.sinceMs)
        addCondition(where, QStringLiteral("c.created_at >= ?"), {QVariant::fromValue<qlonglong>(*f.sinceMs)});
    if (f.untilMs)
        addCondition(where, QStringLiteral("c.created_at < ?"), {QVariant::fromValue<qlonglong>(*f.untilMs)});
    if (!f.replyContains.empty())
        addCondition(where, QStringLiteral("EXISTS (SELECT 1 FROM capture_replies r WHERE r.capture_seq = c.seq AND r.raw LIKE ? ESCAPE '!')"),
                     {likePattern(f.replyContains, false)});
    if (!f.cluster.empty())
        addCondition(where, QStringLiteral("c.cluster = ?"), {QString::fromStdString(f.cluster)});
    if (f.afterSeq)
        addCondition(where, f.descending ? QStringLiteral("c.seq < ?") : QStringLiteral("c.seq > ?"),
                     {QVariant::fromValue<qlonglong>(*f.afterSeq)});
    return where;
}

std::string scopeToSchema(Filter& filter, const Json& schema)
{
    const auto text = [&](const char* key) {
        return schema.is_object() && schema.contains(key) && schema[key].is_string() ? schema[key].get<std::string>() : std::string();
    };
    if (std::string id = text("$id"); !id.empty()) {
        filter.schemaId = std::move(id);
        return "$id";
    }
    if (std::string title = text("title"); !title.empty()) {
        filter.schemaTitle = std::move(title);
        return "title";
    }
    filter.schemaHash = shortHash(dump(schema));
    return "hash";
}

} // namespace conform::store
