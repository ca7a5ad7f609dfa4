#include "store/store.h"

#include "store/capture_secrets.h"
#include "store/migrations.h"
#include "store/detail/body_packing.h"
#include "store/detail/order_sql.h"
#include "store/detail/rollups.h"
#include "store/detail/sql_values.h"


#include <QSqlQuery>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>

namespace conform::store {

using detail::andWhere;
using detail::integer;
using detail::stringOf;

namespace {

QVariant text(const std::string& value)
{
    return QString::fromStdString(value);
}

Json parsedOrNull(const QVariant& value)
{
    return Json::parse(value.toString().toStdString(), nullptr, false);
}

// The summary columns, in the order summaryOf() reads them, from index `at`.
const QString kSummaryColumns = QStringLiteral(
    "c.seq, c.id, c.created_at, c.schema_hash, s.title, c.prompt_hash, c.provider, c.model, c.mode, c.outcome, c.flags,"
    " c.attempts, c.repairs, c.parse_ok_first, c.first_try_valid, c.latency_ms, c.tokens_in, c.tokens_out, c.tokens_cached, c.source,"
    " c.cluster");
constexpr int kSummaryColumnCount = 21;

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
    s.cluster = stringOf(q.value(20));
    return s;
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
    // Several processes may create or upgrade one store at once: each waits its turn.
    return retryWhileLocked(options.lockWaitMs, [&]() -> Result<std::unique_ptr<Store>> {
        auto opened = Connection::open(location, options);
        if (!opened)
            return opened.error();
        std::unique_ptr<Store> store(new Store(std::move(opened).value()));
        // The upgrade to clusters reads whole captures, which the Store does (store_clusters.cpp).
        if (auto migrated = migrate(*store->m_connection, [&store] { return store->fillClusters(); }); !migrated)
            return migrated.error();
        if (options.create) { // take the write lock once, briefly: a busy store fails now
            if (auto began = store->m_connection->begin(true); !began)
                return began.error();
            store->m_connection->rollback();
        }
        return store;
    });
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
    for (const Capture& capture : captures) {
        // No key reaches a table, a body or the WAL (capture_secrets.h); the copy is rare.
        std::optional<Capture> masked;
        if (holdsSecret(capture)) {
            masked = capture;
            maskSecrets(*masked);
        }
        if (auto stored = insertOne(masked ? *masked : capture, result); !stored) {
            m_connection->rollback();
            forgetAddedTexts(); // what the rollback took back must be written again
            return stored.error();
        }
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
        chosen = bodyTemplateOf(c);
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
        auto stored = insert(QStringLiteral("INSERT INTO schemas (hash, title, body, schema_id) VALUES (?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING"),
                             {s.schemaHash, s.schemaTitle, body, s.schemaId.empty() ? RowValue(nullptr) : RowValue(s.schemaId)});
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
    if (c.signature && firstTime("k" + s.cluster))
        if (auto stored = insertCluster(*c.signature, s.cluster); !stored)
            return stored;
    const std::string key = caseKey(s.labels, s.provider, s.model);
    // The new row's seq comes back without RETURNING on SQLite (see insertRow): RETURNING
    // makes the insert a statement that may need undoing on its own, so SQLite first copies
    // every page it touches (the table's and a dozen indexes') to a statement journal, about
    // 64 KB written per capture.
    auto row = insert(
        QStringLiteral("INSERT INTO captures (id, created_at, schema_hash, prompt_hash, provider, model, mode, outcome, flags, attempts,"
                       " repairs, parse_ok_first, first_try_valid, latency_ms, tokens_in, tokens_out, tokens_cached, latency_bin, case_key, source,"
                       " first_tokens_in, first_tokens_out, first_tokens_cached, cluster)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"),
        {s.id, s.createdAtMs, s.schemaHash, s.promptHash, s.provider, s.model, s.mode, std::int64_t(s.outcome), std::int64_t(s.flags),
         std::int64_t(s.attempts), std::int64_t(s.repairs), std::int64_t(s.parseOkFirst), std::int64_t(s.firstTryValid), s.latencyMs,
         s.tokensIn, s.tokensOut, s.tokensCached, std::int64_t(latencyBin(s.latencyMs)), key.empty() ? RowValue(nullptr) : RowValue(key),
         source, s.firstTokensIn, s.firstTokensOut, s.firstTokensCached, s.cluster.empty() ? RowValue(nullptr) : RowValue(s.cluster)},
        true);
    if (!row)
        return row.error();
    if (!row.value()) {
        ++result.alreadyPresent;
        auto held = m_connection->exec(QStringLiteral("SELECT created_at, schema_hash, prompt_hash, provider, model, outcome, flags, attempts"
                                                      " FROM captures WHERE id = ?"),
                                       {QString::fromStdString(s.id)}, "writing");
        if (!held)
            return held.error();
        if (held->next()
            && (held->value(0).toLongLong() != s.createdAtMs || stringOf(held->value(1)) != s.schemaHash || stringOf(held->value(2)) != s.promptHash
                || stringOf(held->value(3)) != s.provider || stringOf(held->value(4)) != s.model || held->value(5).toInt() != s.outcome
                || held->value(6).toInt() != s.flags || held->value(7).toInt() != s.attempts))
            result.heldWithOtherContent.push_back(s.id);
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

Result<std::vector<Capture>> Store::loadCaptures(const QString& condition, const QVariantList& values, std::vector<std::string>* unreadable)
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
            if (!bodyTemplate && unreadable) {
                unreadable->push_back(c.summary.id);
                continue;
            }
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
        if (!bodies && unreadable) {
            unreadable->push_back(c.summary.id);
            continue;
        }
        if (!bodies)
            return Error{bodies.error().message + " (capture " + c.summary.id + ")", location().display()};
        c.spec = Json::parse(bodies->first, nullptr, false);
        c.run = Json::parse(bodies->second, nullptr, false);
    }
    // A reply judged by no schema, stored as "valid" before store version 9: its row says
    // unchecked (the migration moved it), and so does the document read back.
    for (Capture& c : captures)
        if (c.summary.outcome == static_cast<int>(OutcomeCode::Unchecked) && c.run.is_object() && c.run.value("outcome", "") == "valid")
            c.run["outcome"] = "unchecked";
    if (auto labelled = attachLabels(seqs, [&](std::size_t row) -> Labels& { return captures[row].summary.labels; }); !labelled)
        return labelled.error();
    if (unreadable && !unreadable->empty())
        std::erase_if(captures, [&](const Capture& c) { return std::find(unreadable->begin(), unreadable->end(), c.summary.id) != unreadable->end(); });
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
                                                  " c.created_at, c.provider, c.model, (SELECT s.title FROM schemas s WHERE s.hash = c.schema_hash), c.outcome"
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
        r.checked = rows->value(11).toInt() != static_cast<int>(OutcomeCode::Unchecked);
        replies.push_back(std::move(r));
    }
    return replies;
}

} // namespace conform::store
