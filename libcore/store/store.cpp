#include "store/store.h"

#include "store/migrations.h"
#include "store/detail/body_packing.h"
#include "store/detail/order_sql.h"
#include "store/detail/rollups.h"
#include "store/detail/stats_sql.h"

#include <QFuture>

#include <QSqlQuery>
#include <QtConcurrent/QtConcurrentRun>

#include <limits>
#include <map>
#include <unordered_map>

namespace conform::store {

namespace {

QVariant text(const std::string& value)
{
    return QString::fromStdString(value);
}

QVariant integer(std::int64_t value)
{
    return QVariant::fromValue<qlonglong>(value);
}

std::string stringOf(const QVariant& value)
{
    return value.toString().toStdString();
}

Json parsedOrNull(const QVariant& value)
{
    return Json::parse(value.toString().toStdString(), nullptr, false);
}

QString andWhere(const SqlCondition& where, const QString& condition)
{
    return where.sql + (where.sql.isEmpty() ? QStringLiteral(" WHERE ") : QStringLiteral(" AND ")) + condition;
}

// The summary columns, in the order summaryOf() reads them, from index `at`.
const QString kSummaryColumns = QStringLiteral(
    "c.seq, c.id, c.created_at, c.schema_hash, s.title, c.prompt_hash, c.provider, c.model, c.mode, c.outcome, c.flags,"
    " c.attempts, c.repairs, c.parse_ok_first, c.first_try_valid, c.latency_ms, c.tokens_in, c.tokens_out, c.tokens_cached, c.source");
constexpr int kSummaryColumnCount = 20;

CaptureSummary summaryOf(const QSqlQuery& q)
{
    CaptureSummary s;
    s.id = stringOf(q.value(1));
    s.createdAtMs = q.value(2).toLongLong();
    s.schemaHash = stringOf(q.value(3));
    s.schemaTitle = stringOf(q.value(4));
    s.promptHash = stringOf(q.value(5));
    s.provider = stringOf(q.value(6));
    s.model = stringOf(q.value(7));
    s.mode = stringOf(q.value(8));
    s.outcome = q.value(9).toInt();
    s.flags = q.value(10).toInt();
    s.attempts = q.value(11).toInt();
    s.repairs = q.value(12).toInt();
    s.parseOkFirst = q.value(13).toInt() != 0;
    s.firstTryValid = q.value(14).toInt() != 0;
    s.latencyMs = q.value(15).toLongLong();
    s.tokensIn = q.value(16).toLongLong();
    s.tokensOut = q.value(17).toLongLong();
    s.tokensCached = q.value(18).toLongLong();
    s.source = stringOf(q.value(19));
    return s;
}

QString groupExpression(const std::string& field)
{
    if (field == "provider") return QStringLiteral("c.provider");
    if (field == "model") return QStringLiteral("c.model");
    if (field == "schema") return QStringLiteral("c.schema_hash");
    if (field == "prompt") return QStringLiteral("c.prompt_hash");
    if (field == "source") return QStringLiteral("c.source");
    return QStringLiteral("c.mode");
}

// What a cell sums besides its count; the outcome, flags and first-try facts are in its key.
const QString kSumColumns = QStringLiteral("COUNT(*), SUM(c.repairs), SUM(c.tokens_in), SUM(c.tokens_out), SUM(c.tokens_cached),"
                                          " SUM(c.first_tokens_in), SUM(c.first_tokens_out), SUM(c.first_tokens_cached)");

// A cell's tally from kSumColumns (from column `at` on) and the facts its key carries.
Tally tallyOf(const QSqlQuery& q, int at, const detail::UnpackedKey& key)
{
    Tally t;
    const std::int64_t n = q.value(at).toLongLong();
    t.count = n;
    t.parsed = key.parsedFirst ? n : 0;
    t.firstTryValid = key.validFirst ? n : 0;
    (key.outcome == 0 ? t.valid : key.outcome == 1 ? t.repaired : key.outcome == 2 ? t.fallback : t.failed) = n;
    t.truncated = key.flags & Truncated ? n : 0;
    t.refused = key.flags & Refused ? n : 0;
    t.transportError = key.flags & TransportError ? n : 0;
    t.repairs = q.value(at + 1).toLongLong();
    t.tokensIn = q.value(at + 2).toLongLong();
    t.tokensOut = q.value(at + 3).toLongLong();
    t.tokensCached = q.value(at + 4).toLongLong();
    t.firstTokensIn = q.value(at + 5).toLongLong();
    t.firstTokensOut = q.value(at + 6).toLongLong();
    t.firstTokensCached = q.value(at + 7).toLongLong();
    return t;
}

} // namespace

Result<std::vector<std::string>> parseGroupFields(const std::string& list)
{
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string field = list.substr(start, comma - start);
        if (field != "provider" && field != "model" && field != "schema" && field != "prompt" && field != "mode" && field != "source")
            return Error{"--by takes provider, model, schema, prompt, mode and source, separated by commas; not '" + field + "'", {}};
        if (std::find(fields.begin(), fields.end(), field) == fields.end())
            fields.push_back(field);
        start = comma + 1;
    }
    return fields;
}

Store::Store(std::unique_ptr<Connection> connection)
    : m_connection(std::move(connection)), m_rollups(std::make_unique<detail::RollupBatch>()),
      m_readDictionaries(std::make_unique<detail::DictionaryCache>()), m_templates(std::make_unique<detail::TemplateCache>())
{
}

Store::~Store() = default;

const StoreLocation& Store::location() const
{
    return m_connection->location();
}

Dialect Store::dialect() const
{
    return m_connection->dialect();
}

Result<std::unique_ptr<Store>> Store::open(const StoreLocation& location, const OpenOptions& options)
{
    auto connection = Connection::open(location, options);
    if (!connection)
        return connection.error();
    if (auto migrated = migrate(*connection.value()); !migrated)
        return migrated.error();
    if (options.create) { // take the write lock once, briefly: a busy store fails now
        if (auto began = connection.value()->begin(true); !began)
            return began.error();
        connection.value()->rollback();
    }
    return std::unique_ptr<Store>(new Store(std::move(connection).value()));
}

Result<InsertResult> Store::insert(const std::vector<Capture>& captures)
{
    InsertResult result;
    if (captures.empty())
        return result;
    m_addedTexts.clear();
    // A connection that writes keeps 64 MiB of pages, not SQLite's 2 MiB: every insert goes
    // into a dozen indexes, some at random places (ids, trace and span ids), and past a few
    // tens of thousands of captures re-reading (and spilling) their pages becomes most of an
    // import's time. Bounded, whatever the import's size.
    if (!m_writing && m_connection->dialect() == Dialect::Sqlite)
        if (auto set = m_connection->execAll({QStringLiteral("PRAGMA cache_size=-65536")}, "writing"); !set)
            return set.error();
    m_writing = true;
    if (auto began = m_connection->begin(true); !began)
        return began.error();
    m_rollups->clear();
    for (const Capture& capture : captures)
        if (auto stored = insertOne(capture, result); !stored) {
            m_connection->rollback();
            forgetAddedTexts(); // what the rollback took back must be written again
            return stored.error();
        }
    // The rollups change in the captures' own transaction: they never disagree with them.
    if (auto rolled = m_rollups->flush(*m_connection); !rolled) {
        m_connection->rollback();
        forgetAddedTexts();
        return rolled.error();
    }
    if (auto committed = m_connection->commit(); !committed) {
        m_connection->rollback();
        forgetAddedTexts();
        return committed.error();
    }
    return result;
}

bool Store::firstTime(std::string key)
{
    const auto [at, added] = m_knownTexts.insert(std::move(key));
    if (added)
        m_addedTexts.push_back(*at);
    return added;
}

void Store::forgetAddedTexts()
{
    for (const std::string& key : m_addedTexts)
        m_knownTexts.erase(key);
    m_addedTexts.clear();
    for (const std::string& hash : m_templates->idsAdded)
        m_templates->ids.erase(hash);
    m_templates->idsAdded.clear();
}

Result<std::shared_ptr<const detail::BodyTemplate>> Store::templateFor(const Capture& c)
{
    detail::TemplateCache& cache = *m_templates;
    if (auto found = cache.bySchema.find(c.summary.schemaHash); found != cache.bySchema.end())
        return found->second;
    if (cache.bySchema.size() >= detail::TemplateCache::kEntries)
        cache.bySchema.clear();
    // The schema's first template, so that every writer of a store settles on the same one.
    std::optional<std::int64_t> first;
    {
        auto rows = m_connection->exec(QStringLiteral("SELECT id FROM body_templates WHERE schema_hash = ? ORDER BY id LIMIT 1"),
                                       {text(c.summary.schemaHash)}, "writing");
        if (!rows)
            return rows.error();
        if (rows->next())
            first = rows->value(0).toLongLong();
    } // done with before the next query: PostgreSQL's connection reads one result at a time
    std::shared_ptr<const detail::BodyTemplate> chosen;
    if (first) {
        auto read = readTemplate(*first);
        if (!read)
            return read.error();
        chosen = read.value();
    } else {
        const std::string spec = c.specText.empty() ? dump(c.spec) : c.specText;
        const std::string run = c.runText.empty() ? dump(c.run) : c.runText;
        chosen = detail::makeTemplate(c.summary.schemaHash, spec, run);
    }
    cache.bySchema.emplace(c.summary.schemaHash, chosen);
    return chosen;
}

Result<std::int64_t> Store::templateId(const detail::BodyTemplate& bodyTemplate, const Capture& c)
{
    detail::TemplateCache& cache = *m_templates;
    if (auto found = cache.ids.find(bodyTemplate.hash); found != cache.ids.end())
        return found->second;
    if (cache.ids.size() >= detail::TemplateCache::kEntries && cache.idsAdded.empty())
        cache.ids.clear();
    const std::string packed = detail::packTemplate(bodyTemplate, c.schemaText.empty() ? dump(c.schema) : c.schemaText);
    auto stored = m_connection->insertRow(
        QStringLiteral("INSERT INTO body_templates (hash, schema_hash, packed) VALUES (?, ?, ?) ON CONFLICT (hash) DO NOTHING"),
        {bodyTemplate.hash, bodyTemplate.schemaHash, RowBlob{packed}}, false);
    if (!stored)
        return stored.error();
    auto rows = m_connection->exec(QStringLiteral("SELECT id FROM body_templates WHERE hash = ?"), {text(bodyTemplate.hash)}, "writing");
    if (!rows)
        return rows.error();
    if (!rows->next())
        return Error{"body template " + bodyTemplate.hash + " was not written", location().display()};
    const std::int64_t id = rows->value(0).toLongLong();
    cache.ids.emplace(bodyTemplate.hash, id);
    cache.idsAdded.push_back(bodyTemplate.hash);
    return id;
}

Result<std::shared_ptr<const detail::BodyTemplate>> Store::readTemplate(std::int64_t id)
{
    detail::TemplateCache& cache = *m_templates;
    if (auto found = cache.byId.find(id); found != cache.byId.end())
        return found->second;
    if (cache.byId.size() >= detail::TemplateCache::kEntries)
        cache.byId.clear();
    auto rows = m_connection->exec(QStringLiteral("SELECT t.hash, t.schema_hash, t.packed, s.body FROM body_templates t"
                                                  " JOIN schemas s ON s.hash = t.schema_hash WHERE t.id = ?"),
                                   {integer(id)});
    if (!rows)
        return rows.error();
    if (!rows->next())
        return Error{"body template " + std::to_string(id) + " is missing", location().display()};
    const QByteArray packed = rows->value(2).toByteArray();
    auto read = detail::unpackTemplate(stringOf(rows->value(0)), stringOf(rows->value(1)),
                                       std::string_view(packed.constData(), std::size_t(packed.size())), stringOf(rows->value(3)));
    if (!read)
        return Error{read.error().message, location().display()};
    cache.byId.emplace(id, read.value());
    return read.value();
}

Status Store::insertOne(const Capture& c, InsertResult& result)
{
    const CaptureSummary& s = c.summary;
    const auto insert = [this](const QString& sql, std::initializer_list<RowValue> values, bool returningSeq = false) {
        return m_connection->insertRow(sql, values, returningSeq);
    };
    if (firstTime("s" + s.schemaHash)) {
        const std::string body = c.schemaText.empty() ? dump(c.schema) : c.schemaText;
        auto stored = insert(QStringLiteral("INSERT INTO schemas (hash, title, body) VALUES (?, ?, ?) ON CONFLICT (hash) DO NOTHING"),
                             {s.schemaHash, s.schemaTitle, body});
        if (!stored)
            return stored.error();
    }
    if (firstTime("p" + s.promptHash)) {
        auto stored = insert(QStringLiteral("INSERT INTO prompts (hash, system_text, user_text) VALUES (?, ?, ?) ON CONFLICT (hash) DO NOTHING"),
                             {s.promptHash, c.system, c.user});
        if (!stored)
            return stored.error();
    }
    const std::string source = s.source.empty() ? sourceOfLabels(s.labels) : s.source;
    for (const auto& [field, value] : {std::pair<const char*, const std::string&>{"provider", s.provider}, {"model", s.model}, {"mode", s.mode},
                                       {"schema", s.schemaHash}, {"prompt", s.promptHash}, {"source", source}})
        if (firstTime(std::string("v") + field + '\x1f' + value)) {
            auto stored = insert(QStringLiteral("INSERT INTO capture_values (field, value) VALUES (?, ?) ON CONFLICT (field, value) DO NOTHING"),
                                 {std::string_view(field), value});
            if (!stored)
                return stored.error();
        }
    const std::string key = caseKey(s.labels, s.provider, s.model);
    // The new row's seq comes back without RETURNING on SQLite (see insertRow): RETURNING
    // makes the insert a statement that may need undoing on its own, so SQLite first copies
    // every page it touches (the table's and a dozen indexes') to a statement journal, about
    // 64 KB written per capture.
    auto row = insert(
        QStringLiteral("INSERT INTO captures (id, created_at, schema_hash, prompt_hash, provider, model, mode, outcome, flags, attempts,"
                       " repairs, parse_ok_first, first_try_valid, latency_ms, tokens_in, tokens_out, tokens_cached, latency_bin, case_key, source,"
                       " first_tokens_in, first_tokens_out, first_tokens_cached)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"),
        {s.id, s.createdAtMs, s.schemaHash, s.promptHash, s.provider, s.model, s.mode, std::int64_t(s.outcome), std::int64_t(s.flags),
         std::int64_t(s.attempts), std::int64_t(s.repairs), std::int64_t(s.parseOkFirst), std::int64_t(s.firstTryValid), s.latencyMs,
         s.tokensIn, s.tokensOut, s.tokensCached, std::int64_t(latencyBin(s.latencyMs)), key.empty() ? RowValue(nullptr) : RowValue(key),
         source, s.firstTokensIn, s.firstTokensOut, s.firstTokensCached},
        true);
    if (!row)
        return row.error();
    if (!row.value()) {
        ++result.alreadyPresent;
        return Done{};
    }
    const std::int64_t seq = *row.value();
    // Packed here unless the caller's BodyPacker did it on its own thread.
    std::shared_ptr<const detail::BodyTemplate> bodyTemplate = c.bodyTemplate;
    std::string packed;
    if (c.packedBodies.empty()) {
        auto chosen = templateFor(c);
        if (!chosen)
            return chosen.error();
        bodyTemplate = chosen.value();
        packed = packedBodiesOf(c, bodyTemplate.get());
    }
    RowValue templateColumn = nullptr;
    if (bodyTemplate) {
        auto id = templateId(*bodyTemplate, c);
        if (!id)
            return id.error();
        templateColumn = id.value();
    }
    auto body = insert(QStringLiteral("INSERT INTO capture_bodies (capture_seq, spec, run, packed, template_id) VALUES (?, '', '', ?, ?)"),
                       {seq, RowBlob{c.packedBodies.empty() ? std::string_view(packed) : std::string_view(c.packedBodies)}, templateColumn});
    if (!body)
        return body.error();
    const std::string firstIssue = c.reply.firstIssue.is_null() ? std::string() : dump(c.reply.firstIssue);
    auto reply = insert(QStringLiteral("INSERT INTO capture_replies (capture_seq, raw, valid, first_issue, coerce, strict_repairs) VALUES (?, ?, ?, ?, ?, ?)"),
                        {seq, c.reply.raw, std::int64_t(c.reply.valid), c.reply.firstIssue.is_null() ? RowValue(nullptr) : RowValue(firstIssue),
                         std::int64_t(c.reply.coerce), std::int64_t(c.reply.strictRepairs)});
    if (!reply)
        return reply.error();
    for (const auto& [labelKey, labelValue] : s.labels) {
        auto label = insert(QStringLiteral("INSERT INTO capture_labels (capture_seq, key, value) VALUES (?, ?, ?) ON CONFLICT (capture_seq, key) DO NOTHING"),
                            {seq, labelKey, labelValue});
        if (!label)
            return label.error();
    }
    m_rollups->add(s, key, source);
    result.inserted.push_back(s.id);
    return Done{};
}

Result<std::vector<CaptureSummary>> Store::list(const Filter& filter, int limit, std::vector<std::int64_t>* seqs)
{
    const SqlCondition where = whereClause(filter);
    const QString order = filter.descending || !filter.afterSeq ? QStringLiteral(" DESC") : QString();
    auto rows = m_connection->exec(QStringLiteral("SELECT ") + kSummaryColumns + QStringLiteral(" FROM captures c JOIN schemas s ON s.hash = c.schema_hash")
                                       + where.sql + QStringLiteral(" ORDER BY c.seq") + order + QStringLiteral(" LIMIT %1").arg(std::max(limit, 0)),
                                   where.values);
    if (!rows)
        return rows.error();
    std::vector<CaptureSummary> summaries;
    std::vector<std::int64_t> rowSeqs;
    while (rows->next()) {
        rowSeqs.push_back(rows->value(0).toLongLong());
        summaries.push_back(summaryOf(rows.value()));
    }
    if (auto labelled = attachLabels(rowSeqs, [&](std::size_t row) -> Labels& { return summaries[row].labels; }); !labelled)
        return labelled.error();
    if (seqs)
        *seqs = std::move(rowSeqs);
    return summaries;
}

Result<CapturePage> Store::page(const Filter& filter, const Order& order, const std::optional<Cursor>& after, int limit)
{
    Filter unpaged = filter;
    unpaged.afterSeq.reset();
    SqlCondition where = whereClause(unpaged);
    if (after) {
        const SqlCondition next = detail::afterCursor(order, *after);
        where.sql = andWhere(where, next.sql);
        where.values += next.values;
    }
    auto rows = m_connection->exec(QStringLiteral("SELECT ") + kSummaryColumns + QStringLiteral(", ") + detail::sortExpression(order.key)
                                       + QStringLiteral(" FROM captures c JOIN schemas s ON s.hash = c.schema_hash") + where.sql
                                       + detail::orderByClause(order) + QStringLiteral(" LIMIT %1").arg(std::max(limit, 0)),
                                   where.values);
    if (!rows)
        return rows.error();
    CapturePage page;
    std::vector<std::int64_t> seqs;
    Cursor last;
    while (rows->next()) {
        seqs.push_back(rows->value(0).toLongLong());
        page.rows.push_back(summaryOf(rows.value()));
        last = {rows->value(kSummaryColumnCount), page.rows.back().createdAtMs, seqs.back()};
    }
    if (auto labelled = attachLabels(seqs, [&](std::size_t row) -> Labels& { return page.rows[row].labels; }); !labelled)
        return labelled.error();
    if (limit > 0 && int(page.rows.size()) == limit)
        page.next = last;
    return page;
}

Status Store::attachLabels(const std::vector<std::int64_t>& seqs, const std::function<Labels&(std::size_t row)>& labelsOf)
{
    if (seqs.empty())
        return Done{};
    std::unordered_map<std::int64_t, std::size_t> rowOf;
    QVariantList values;
    for (std::size_t row = 0; row < seqs.size(); ++row) {
        rowOf.emplace(seqs[row], row);
        values << integer(seqs[row]);
    }
    const QStringList placeholders(values.size(), QStringLiteral("?"));
    auto labels = m_connection->exec(QStringLiteral("SELECT capture_seq, key, value FROM capture_labels WHERE capture_seq IN (")
                                         + placeholders.join(QLatin1Char(',')) + QStringLiteral(") ORDER BY capture_seq, key"),
                                     values);
    if (!labels)
        return labels.error();
    while (labels->next())
        if (const auto row = rowOf.find(labels->value(0).toLongLong()); row != rowOf.end())
            labelsOf(row->second).emplace_back(stringOf(labels->value(1)), stringOf(labels->value(2)));
    return Done{};
}

Result<std::int64_t> Store::count(const Filter& filter)
{
    const SqlCondition where = whereClause(filter);
    auto rows = m_connection->exec(QStringLiteral("SELECT COUNT(*) FROM captures c") + where.sql, where.values);
    if (!rows)
        return rows.error();
    return rows->next() ? rows->value(0).toLongLong() : 0;
}

Result<std::vector<Version>> Store::versions(const std::string& field, const Filter& filter, int limit)
{
    if (field != "prompt" && field != "schema")
        return Error{"versions are of a prompt or a schema, not '" + field + "'", "versions"};
    const QString column = field == "prompt" ? QStringLiteral("c.prompt_hash") : QStringLiteral("c.schema_hash");
    const SqlCondition where = whereClause(filter);
    // The newest capture of each version by seq, its row read after: one pass over the
    // matching captures, then a lookup per version.
    auto rows = m_connection->exec(QStringLiteral("SELECT %1, COUNT(*), MAX(c.seq) FROM captures c").arg(column) + where.sql
                                       + QStringLiteral(" GROUP BY %1 ORDER BY 3 DESC LIMIT %2").arg(column).arg(std::max(limit, 0)),
                                   where.values);
    if (!rows)
        return rows.error();
    std::vector<Version> out;
    std::vector<std::int64_t> newest;
    while (rows->next()) {
        Version v;
        v.hash = rows->value(0).toString().toStdString();
        v.captures = rows->value(1).toLongLong();
        newest.push_back(rows->value(2).toLongLong());
        out.push_back(std::move(v));
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        auto row = m_connection->exec(QStringLiteral("SELECT c.id, c.created_at, s.title FROM captures c JOIN schemas s ON s.hash = c.schema_hash"
                                                     " WHERE c.seq = ?"),
                                      {QVariant::fromValue(newest[i])});
        if (!row)
            return row.error();
        if (row->next()) {
            out[i].lastCaptureId = row->value(0).toString().toStdString();
            out[i].lastAtMs = row->value(1).toLongLong();
            if (field == "schema")
                out[i].title = row->value(2).toString().toStdString();
        }
    }
    return out;
}

Result<std::vector<Capture>> Store::loadCaptures(const QString& condition, const QVariantList& values)
{
    auto rows = m_connection->exec(QStringLiteral("SELECT ") + kSummaryColumns + QStringLiteral(
                                       ", s.body, p.system_text, p.user_text, b.spec, b.run, b.packed, b.template_id, r.raw FROM captures c"
                                       " JOIN schemas s ON s.hash = c.schema_hash JOIN prompts p ON p.hash = c.prompt_hash"
                                       " JOIN capture_bodies b ON b.capture_seq = c.seq LEFT JOIN capture_replies r ON r.capture_seq = c.seq")
                                       + condition,
                                   values);
    if (!rows)
        return rows.error();
    // Packed bodies are unpacked once every row is read: reading a template on the same
    // connection meanwhile would discard PostgreSQL's rows still to come.
    struct Packed
    {
        QByteArray bytes;
        std::optional<std::int64_t> templateId;
        std::string reply;
    };
    std::vector<Capture> captures;
    std::vector<std::int64_t> seqs;
    std::vector<std::optional<Packed>> packed;
    std::map<std::string, std::string> schemaTexts; // by hash, as stored: the dictionaries start with them
    while (rows->next()) {
        Capture c;
        seqs.push_back(rows->value(0).toLongLong());
        c.summary = summaryOf(rows.value());
        const std::string schemaText = stringOf(rows->value(kSummaryColumnCount));
        c.schema = Json::parse(schemaText, nullptr, false);
        c.system = stringOf(rows->value(kSummaryColumnCount + 1));
        c.user = stringOf(rows->value(kSummaryColumnCount + 2));
        if (const QVariant bytes = rows->value(kSummaryColumnCount + 5); !bytes.isNull()) {
            const QVariant templateId = rows->value(kSummaryColumnCount + 6);
            packed.push_back(Packed{bytes.toByteArray(), templateId.isNull() ? std::nullopt : std::optional(templateId.toLongLong()),
                                    templateId.isNull() ? std::string() : stringOf(rows->value(kSummaryColumnCount + 7))});
            schemaTexts.try_emplace(c.summary.schemaHash, schemaText);
        } else { // written before store version 7
            packed.emplace_back();
            c.spec = parsedOrNull(rows->value(kSummaryColumnCount + 3));
            c.run = parsedOrNull(rows->value(kSummaryColumnCount + 4));
        }
        captures.push_back(std::move(c));
    }
    for (std::size_t i = 0; i < captures.size(); ++i) {
        if (!packed[i])
            continue;
        Capture& c = captures[i];
        const std::string_view bytes(packed[i]->bytes.constData(), std::size_t(packed[i]->bytes.size()));
        const std::string& schemaText = schemaTexts[c.summary.schemaHash];
        Result<std::pair<std::string, std::string>> bodies = Error{"", {}};
        if (packed[i]->templateId) {
            auto bodyTemplate = readTemplate(*packed[i]->templateId);
            if (!bodyTemplate)
                return Error{bodyTemplate.error().message + " (capture " + c.summary.id + ")", location().display()};
            const std::string& dictionary = m_readDictionaries->get(c.summary.schemaHash, c.summary.promptHash, bodyTemplate.value()->hash, [&] {
                return detail::templatedDictionary(schemaText, c.system, c.user, *bodyTemplate.value());
            });
            bodies = detail::unpackTemplated(bytes, dictionary, packed[i]->reply);
        } else { // written by store version 7
            const std::string& dictionary = m_readDictionaries->get(c.summary.schemaHash, c.summary.promptHash, [&] {
                return detail::bodyDictionary(schemaText, c.system, c.user);
            });
            bodies = detail::unpackBodies(bytes, dictionary);
        }
        if (!bodies)
            return Error{bodies.error().message + " (capture " + c.summary.id + ")", location().display()};
        c.spec = Json::parse(bodies->first, nullptr, false);
        c.run = Json::parse(bodies->second, nullptr, false);
    }
    if (auto labelled = attachLabels(seqs, [&](std::size_t row) -> Labels& { return captures[row].summary.labels; }); !labelled)
        return labelled.error();
    return captures;
}

Result<std::optional<Capture>> Store::capture(const std::string& id)
{
    auto found = loadCaptures(QStringLiteral(" WHERE c.id = ?"), {text(id)});
    if (!found)
        return found.error();
    if (found->empty())
        return std::optional<Capture>();
    return std::optional<Capture>(std::move(found->front()));
}

Status Store::forEachCapture(const Filter& filter, const std::function<bool(const Capture&)>& visit, int pageSize)
{
    Filter page = filter;
    page.descending = false;
    page.afterSeq = filter.afterSeq.value_or(0);
    for (;;) {
        const SqlCondition where = whereClause(page);
        auto rows = m_connection->exec(QStringLiteral("SELECT c.seq FROM captures c") + where.sql + QStringLiteral(" ORDER BY c.seq LIMIT %1").arg(pageSize),
                                       where.values);
        if (!rows)
            return rows.error();
        QVariantList seqs;
        while (rows->next())
            seqs << rows->value(0);
        if (seqs.isEmpty())
            return Done{};
        QStringList placeholders(seqs.size(), QStringLiteral("?"));
        auto captures = loadCaptures(QStringLiteral(" WHERE c.seq IN (") + placeholders.join(QLatin1Char(',')) + QStringLiteral(") ORDER BY c.seq"), seqs);
        if (!captures)
            return captures.error();
        for (const Capture& c : captures.value())
            if (!visit(c))
                return Done{};
        page.afterSeq = seqs.constLast().toLongLong();
    }
}

Result<std::vector<StoredReply>> Store::replies(const Filter& filter, std::int64_t afterSeq, int limit)
{
    Filter page = filter;
    page.descending = false;
    page.afterSeq = afterSeq;
    const SqlCondition where = whereClause(page);
    auto rows = m_connection->exec(QStringLiteral("SELECT c.seq, c.id, r.raw, r.valid, r.first_issue, r.coerce, r.strict_repairs,"
                                                  " c.created_at, c.provider, c.model, (SELECT s.title FROM schemas s WHERE s.hash = c.schema_hash)"
                                                  " FROM captures c JOIN capture_replies r ON r.capture_seq = c.seq")
                                       + where.sql + QStringLiteral(" ORDER BY c.seq LIMIT %1").arg(limit),
                                   where.values);
    if (!rows)
        return rows.error();
    std::vector<StoredReply> replies;
    while (rows->next()) {
        StoredReply r;
        r.seq = rows->value(0).toLongLong();
        r.id = stringOf(rows->value(1));
        r.reply.raw = stringOf(rows->value(2));
        r.reply.valid = rows->value(3).toInt() != 0;
        r.reply.firstIssue = rows->value(4).isNull() ? Json() : parsedOrNull(rows->value(4));
        r.reply.coerce = rows->value(5).toInt() != 0;
        r.reply.strictRepairs = rows->value(6).toInt() != 0;
        r.createdAtMs = rows->value(7).toLongLong();
        r.provider = stringOf(rows->value(8));
        r.model = stringOf(rows->value(9));
        r.schemaTitle = stringOf(rows->value(10));
        replies.push_back(std::move(r));
    }
    return replies;
}

Result<detail::PackedGrouping> Store::grouping(const std::vector<std::string>& by)
{
    detail::PackedGrouping grouping;
    for (const std::string& field : by) {
        // Every value the field has ever taken, from the small table kept for this: reading
        // the distinct values off the captures themselves would sort them all.
        auto values = m_connection->exec(QStringLiteral("SELECT value FROM capture_values WHERE field = ? ORDER BY value"),
                                         {QString::fromStdString(field)});
        if (!values)
            return values.error();
        std::vector<std::string> list;
        while (values->next())
            list.push_back(stringOf(values->value(0)));
        grouping.expressions.push_back(groupExpression(field).toStdString());
        grouping.values.push_back(std::move(list));
    }
    if (!grouping.groupable())
        return Error{"a --by field holds a value with a NUL character, which cannot be grouped", location().display()};
    if (grouping.groupCount() > detail::kMaxGroups)
        return Error{"--by would make more than " + std::to_string(detail::kMaxGroups) + " groups; group by fewer fields", location().display()};
    return grouping;
}

namespace {

// The cells of one packed-key query (stats_sql.h), decoded.
Result<std::vector<Cell>> readCells(Connection& connection, const QString& sql, const QVariantList& values,
                                    const detail::PackedGrouping& grouping, std::int64_t bucketMs)
{
    auto rows = connection.exec(sql, values);
    if (!rows)
        return rows.error();
    std::vector<Cell> cells;
    while (rows->next()) {
        const detail::UnpackedKey key = detail::unpackKey(rows->value(0).toLongLong());
        Cell cell;
        cell.key = grouping.decode(key.group);
        if (bucketMs > 0)
            cell.bucketMs = key.bucket * bucketMs;
        cell.tally = tallyOf(rows.value(), 1, key);
        cell.tally.latencyBins[key.bin] = cell.tally.count;
        cells.push_back(std::move(cell));
    }
    return cells;
}

// Cells grouped by the --by fields, provider and model: their tokens per (group, provider,
// model) as pricing needs them, and the cells cut back to their --by key.
Result<std::vector<CostCell>> costCellsOf(std::vector<Cell>& cells, std::size_t byFields)
{
    std::map<std::vector<std::string>, CostCell> sums;
    for (Cell& cell : cells) {
        sums[cell.key].add(cell.tally);
        cell.key.resize(byFields);
    }
    std::vector<CostCell> out;
    for (auto& [key, sum] : sums) {
        sum.provider = key[byFields];
        sum.model = key[byFields + 1];
        sum.key.assign(key.begin(), key.begin() + std::ptrdiff_t(byFields));
        out.push_back(std::move(sum));
    }
    return out;
}

} // namespace

// What one stats query gathers, from the rollups and from the captures, before it becomes
// the document: the cells, the priced sums and each labelled case's runs.
struct StatsParts
{
    std::vector<Cell> cells;
    std::vector<CostCell> costs;
    // Per case (its case key) and group. A case read in two parts (the rollups' whole hours
    // and the captures of a partial hour) is still one case.
    std::map<std::pair<std::string, std::vector<std::string>>, PassTally> cases;

    void addCaseRuns(const std::string& caseKey, std::vector<std::string> group, std::int64_t runs, bool allPassed, bool anyPassed)
    {
        auto [at, added] = cases.try_emplace({caseKey, std::move(group)}, PassTally{1, runs, allPassed ? 1 : 0, anyPassed ? 1 : 0});
        if (added)
            return;
        at->second.runs += runs;
        at->second.allPassed = std::min<std::int64_t>(at->second.allPassed, allPassed ? 1 : 0);
        at->second.anyPassed = std::max<std::int64_t>(at->second.anyPassed, anyPassed ? 1 : 0);
    }
};

namespace {

constexpr std::int64_t kNoBound = std::numeric_limits<std::int64_t>::max();

std::int64_t bucketMsOf(const StatsQuery& query)
{
    return !query.bucket ? 0 : query.bucket == Bucket::Hour ? 3'600'000 : 86'400'000;
}

} // namespace

Result<Json> Store::stats(const StatsQuery& query)
{
    StatsParts parts;
    const Filter& f = query.filter;
    constexpr std::int64_t hour = detail::kRollupMs;
    // The whole hours inside the filter's time range: the rollups answer for them, and the
    // captures for the partial hours at either end.
    const std::int64_t from = f.sinceMs ? (*f.sinceMs + hour - 1) / hour * hour : -kNoBound;
    const std::int64_t to = f.untilMs ? *f.untilMs / hour * hour : kNoBound;
    const bool beforeEpoch = (f.sinceMs && *f.sinceMs < 0) || (f.untilMs && *f.untilMs < 0); // hours truncate toward zero
    if (query.useRollups && detail::rollupsServe(f) && from < to && !beforeEpoch) {
        if (auto read = rollupParts(query, from, to, parts); !read)
            return read.error();
        if (f.sinceMs && *f.sinceMs < from) {
            Filter head = f;
            head.untilMs = from;
            if (auto summed = exactParts(query, head, false, parts); !summed)
                return summed.error();
        }
        if (f.untilMs && to < *f.untilMs) {
            Filter tail = f;
            tail.sinceMs = to;
            if (auto summed = exactParts(query, tail, false, parts); !summed)
                return summed.error();
        }
    } else if (auto summed = exactParts(query, f, true, parts); !summed) {
        return summed.error();
    }
    std::vector<PassCell> passCells;
    passCells.reserve(parts.cases.size());
    for (auto& [key, tally] : parts.cases)
        passCells.push_back({key.second, tally});
    return statsDocument(query.by, query.bucket.has_value(), parts.cells, passCells, query.targets, query.prices ? &parts.costs : nullptr,
                         query.prices);
}

Status Store::rollupParts(const StatsQuery& query, std::int64_t fromMs, std::int64_t toMs, StatsParts& parts)
{
    Filter hours = query.filter;
    hours.sinceMs = fromMs == -kNoBound ? std::nullopt : std::optional<std::int64_t>(fromMs);
    hours.untilMs = toMs == kNoBound ? std::nullopt : std::optional<std::int64_t>(toMs);
    // The rollups have the captures' column names, so the captures' own filter applies.
    const SqlCondition where = whereClause(hours);
    auto rows = m_connection->exec(QStringLiteral("SELECT c.created_at, c.provider, c.model, c.mode, c.schema_hash, c.prompt_hash, c.source,"
                                                  " c.case_key, c.outcome, c.flags, c.parse_ok_first, c.first_try_valid, c.n, c.repairs,"
                                                  " c.tokens_in, c.tokens_out, c.tokens_cached, c.first_tokens_in, c.first_tokens_out,"
                                                  " c.first_tokens_cached, c.latency FROM capture_rollups c")
                                       + where.sql,
                                   where.values);
    if (!rows)
        return rows.error();
    std::vector<int> byColumns;
    for (const std::string& field : query.by)
        byColumns.push_back(field == "provider" ? 1 : field == "model" ? 2 : field == "mode" ? 3 : field == "schema" ? 4 : field == "prompt" ? 5 : 6);
    const std::int64_t bucketMs = bucketMsOf(query);
    std::map<std::pair<std::vector<std::string>, std::int64_t>, Tally> cells;
    std::map<std::tuple<std::vector<std::string>, std::string, std::string>, CostCell> costs;
    while (rows->next()) {
        std::vector<std::string> key;
        key.reserve(byColumns.size());
        for (int column : byColumns)
            key.push_back(stringOf(rows->value(column)));
        detail::UnpackedKey facts;
        facts.outcome = rows->value(8).toInt();
        facts.flags = rows->value(9).toInt() & 7;
        facts.parsedFirst = rows->value(10).toInt() != 0;
        facts.validFirst = rows->value(11).toInt() != 0;
        Tally tally = tallyOf(rows.value(), 12, facts);
        const QByteArray latency = rows->value(20).toString().toUtf8();
        detail::decodeLatencyInto(std::string_view(latency.constData(), std::size_t(latency.size())), tally.latencyBins);
        const bool passed = facts.outcome <= 1;
        if (const std::string caseKey = stringOf(rows->value(7)); !caseKey.empty())
            parts.addCaseRuns(caseKey, key, tally.count, passed, passed);
        if (query.prices)
            costs[{key, stringOf(rows->value(1)), stringOf(rows->value(2))}].add(tally);
        const std::int64_t bucket = bucketMs > 0 ? rows->value(0).toLongLong() / bucketMs * bucketMs : 0;
        cells[{std::move(key), bucket}].merge(tally);
    }
    for (auto& [at, tally] : cells) {
        Cell cell{at.first, bucketMs > 0 ? std::optional<std::int64_t>(at.second) : std::nullopt, std::move(tally)};
        parts.cells.push_back(std::move(cell));
    }
    for (auto& [at, cost] : costs) {
        cost.key = std::get<0>(at);
        cost.provider = std::get<1>(at);
        cost.model = std::get<2>(at);
        parts.costs.push_back(std::move(cost));
    }
    return Done{};
}

Status Store::exactParts(const StatsQuery& query, const Filter& filter, bool split, StatsParts& parts)
{
    const SqlCondition where = whereClause(filter);
    auto grouping = this->grouping(query.by);
    if (!grouping)
        return grouping.error();
    const std::int64_t bucketMs = bucketMsOf(query);
    // Priced figures need the tokens per provider and model: the one scan groups by them too
    // (a few more cells), so the cost costs no second pass over the captures. Where that
    // would make too many groups, the cost is summed by a query of its own.
    Result<detail::PackedGrouping> finer = Error{"not priced", {}};
    if (query.prices) {
        std::vector<std::string> fields = query.by;
        fields.insert(fields.end(), {"provider", "model"});
        finer = this->grouping(fields);
    }
    const detail::PackedGrouping& scanned = finer ? finer.value() : grouping.value();
    const QString select = QStringLiteral("SELECT ") + detail::packedKeySql(scanned, bucketMs) + QStringLiteral(", ") + kSumColumns
        + QStringLiteral(" FROM captures c");
    Result<std::vector<Cell>> cells = std::vector<Cell>();
    if (!split) {
        cells = readCells(*m_connection, select + where.sql + QStringLiteral(" GROUP BY 1"), where.values, scanned, bucketMs);
    } else {
        const QString sql = select + andWhere(where, QStringLiteral("c.seq >= ? AND c.seq <= ?")) + QStringLiteral(" GROUP BY 1");
        const QVariantList values = where.values;
        auto range = m_connection->exec(QStringLiteral("SELECT MIN(seq), MAX(seq) FROM captures"));
        if (!range)
            return range.error();
        const std::int64_t first = range->next() ? range->value(0).toLongLong() : 0;
        const std::int64_t last = range->value(1).toLongLong();
        // A large store is summed in two halves at once, the second on a connection of its own.
        const std::int64_t middle = last - first > query.splitAbove ? first + (last - first) / 2 : last;
        QFuture<Result<std::vector<Cell>>> secondHalf;
        if (middle < last)
            secondHalf = QtConcurrent::run([location = location(), sql, values, middle, last, &scanned, bucketMs]() -> Result<std::vector<Cell>> {
                auto connection = Connection::open(location, OpenOptions{false});
                if (!connection)
                    return connection.error();
                return readCells(*connection.value(), sql, values + QVariantList{integer(middle + 1), integer(last)}, scanned, bucketMs);
            });
        cells = readCells(*m_connection, sql, values + QVariantList{integer(first), integer(middle)}, scanned, bucketMs);
        if (middle < last) {
            auto second = secondHalf.result();
            if (!second)
                return second.error();
            if (cells)
                cells->insert(cells->end(), std::make_move_iterator(second->begin()), std::make_move_iterator(second->end()));
        }
    }
    if (!cells)
        return cells.error();
    if (auto passed = addPassRuns(where, grouping.value(), parts); !passed)
        return passed;
    if (query.prices) {
        auto costCells = finer ? costCellsOf(cells.value(), query.by.size()) : this->costCells(where, query.by);
        if (!costCells)
            return costCells.error();
        parts.costs.insert(parts.costs.end(), std::make_move_iterator(costCells->begin()), std::make_move_iterator(costCells->end()));
    }
    parts.cells.insert(parts.cells.end(), std::make_move_iterator(cells->begin()), std::make_move_iterator(cells->end()));
    return Done{};
}

Result<std::vector<CostCell>> Store::costCells(const SqlCondition& where, const std::vector<std::string>& by)
{
    // Prices are per provider and model, so the tokens are summed per group, provider and
    // model: a few rows per group, priced in C++ where the table lives.
    std::vector<std::string> fields = by;
    fields.push_back("provider");
    fields.push_back("model");
    auto grouping = this->grouping(fields);
    if (!grouping)
        return grouping.error();
    auto rows = m_connection->exec(QStringLiteral("SELECT ") + grouping->groupSql()
                                       + QStringLiteral(", COUNT(*), SUM(CASE WHEN c.outcome <= 1 THEN 1 ELSE 0 END), SUM(c.tokens_in),"
                                                        " SUM(c.tokens_out), SUM(c.tokens_cached), SUM(c.first_tokens_in),"
                                                        " SUM(c.first_tokens_out), SUM(c.first_tokens_cached) FROM captures c")
                                       + where.sql + QStringLiteral(" GROUP BY 1"),
                                   where.values);
    if (!rows)
        return rows.error();
    std::vector<CostCell> cells;
    while (rows->next()) {
        std::vector<std::string> key = grouping->decode(rows->value(0).toLongLong());
        CostCell cell;
        cell.model = key.back();
        key.pop_back();
        cell.provider = key.back();
        key.pop_back();
        cell.key = std::move(key);
        cell.count = rows->value(1).toLongLong();
        cell.successes = rows->value(2).toLongLong();
        cell.tokensIn = rows->value(3).toLongLong();
        cell.tokensOut = rows->value(4).toLongLong();
        cell.tokensCached = rows->value(5).toLongLong();
        cell.firstTokensIn = rows->value(6).toLongLong();
        cell.firstTokensOut = rows->value(7).toLongLong();
        cell.firstTokensCached = rows->value(8).toLongLong();
        cells.push_back(std::move(cell));
    }
    return cells;
}

Status Store::addPassRuns(const SqlCondition& where, const detail::PackedGrouping& grouping, StatsParts& parts)
{
    auto rows = m_connection->exec(QStringLiteral("SELECT c.case_key, ") + grouping.groupSql() + QStringLiteral(
                                       ", COUNT(*), MIN(CASE WHEN c.outcome <= 1 THEN 1 ELSE 0 END), MAX(CASE WHEN c.outcome <= 1 THEN 1 ELSE 0 END)"
                                       " FROM captures c") + andWhere(where, QStringLiteral("c.case_key IS NOT NULL"))
                                       + QStringLiteral(" GROUP BY c.case_key, 2"),
                                   where.values);
    if (!rows)
        return rows.error();
    while (rows->next())
        parts.addCaseRuns(stringOf(rows->value(0)), grouping.decode(rows->value(1).toLongLong()), rows->value(2).toLongLong(),
                          rows->value(3).toInt() != 0, rows->value(4).toInt() != 0);
    return Done{};
}

} // namespace conform::store
