#include "capture_fixture.h"

#include "postgres_cluster.h"

#include <QDir>
#include <QTest>
#include <QTemporaryDir>

using conform::Json;

namespace {

struct Row
{
    const char* id;
    const char* time;
    const char* provider;
    const char* model;
    const char* mode;        // of the final attempt
    const char* outcome;
    std::vector<std::string> flags;
    int latency;
    int repairs;
    bool parsedFirst, validFirst;
    int tokensIn, tokensOut, tokensCached;
    const char* raw;         // the final reply
    bool valid;              // its verdict at the time
    const char* caseName;    // label "case" ("" for none)
    const char* repeat;      // label "repeat"
    int schemaVersion;       // 1 or 2
};

// The table the tests' expected figures are worked out from.
const std::vector<Row>& rows()
{
    static const std::vector<Row> table{
        {"00000000-0000-7000-8000-000000000001", "2026-11-01T10:00:00.000Z", "openai", "gpt-4o-mini", "strict", "valid", {}, 100, 0, true, true, 10, 5, 0, R"({"name":"a","age":10})", true, "a", "1", 1},
        {"00000000-0000-7000-8000-000000000002", "2026-11-01T11:00:00.000Z", "openai", "gpt-4o-mini", "strict", "valid", {}, 200, 0, true, true, 10, 5, 0, R"({"name":"b","age":40})", true, "a", "2", 1},
        {"00000000-0000-7000-8000-000000000003", "2026-11-01T12:00:00.000Z", "openai", "gpt-4o-mini", "strict", "repaired", {}, 300, 1, true, false, 20, 10, 0, R"({"name":"c","age":20})", true, "b", "1", 1},
        {"00000000-0000-7000-8000-000000000004", "2026-11-02T09:00:00.000Z", "openai", "gpt-4o-mini", "strict", "failed", {"truncated"}, 400, 2, true, false, 30, 15, 0, R"({"name":"d","age":)", false, "b", "2", 1},
        {"00000000-0000-7000-8000-000000000005", "2026-11-02T10:00:00.000Z", "anthropic", "claude", "tool", "valid", {}, 500, 0, true, true, 10, 5, 4, R"({"name":"e","age":50})", true, "", "", 1},
        {"00000000-0000-7000-8000-000000000006", "2026-11-02T11:00:00.000Z", "anthropic", "claude", "json-object", "fallback", {}, 600, 2, false, false, 40, 20, 0, R"({"name":"f","age":5})", true, "", "", 1},
        {"00000000-0000-7000-8000-000000000007", "2026-11-02T12:00:00.000Z", "anthropic", "claude", "tool", "failed", {"refused"}, 700, 0, true, false, 10, 5, 0, R"({"name":7,"age":3,"note":"needle"})", false, "", "", 1},
        {"00000000-0000-7000-8000-000000000008", "2026-11-03T00:00:00.000Z", "anthropic", "claude", "tool", "failed", {"transport_error"}, 800, 0, false, false, 0, 0, 0, "", false, "", "", 1},
        {"00000000-0000-7000-8000-000000000009", "2026-11-03T01:00:00.000Z", "ollama", "llama3", "text", "repaired", {}, 1000, 1, false, false, 20, 10, 0, R"({"name":"g","age":30})", true, "", "", 2},
        {"00000000-0000-7000-8000-000000000010", "2026-11-03T02:00:00.000Z", "ollama", "llama3", "text", "valid", {}, 2000, 0, true, true, 10, 5, 0, R"({"name":"h","age":31})", true, "", "", 2},
    };
    return table;
}

Json attempt(const Row& r, const std::string& mode, int repair, const std::string& raw, bool parsed, bool valid, bool last)
{
    Json issues = valid ? Json::array() : Json::array({Json{{"code", "invalid_type"}, {"path", Json::array({"name"})}, {"message", "Expected string, received number"}}});
    return Json{{"target", std::string(r.provider) + "/" + r.model}, {"mode", mode}, {"repair", repair},
                {"request", Json{{"url", "http://127.0.0.1/v1"}, {"headers", Json{{"authorization", "Bearer [redacted]"}}}}},
                {"raw", raw}, {"parsed", parsed}, {"value", nullptr}, {"valid", valid}, {"fixes", Json::array()}, {"coercions", Json::array()},
                {"issues", issues}, {"stop_reason", "end"},
                {"usage", last ? Json{{"input", r.tokensIn}, {"output", r.tokensOut}, {"cached", r.tokensCached}} : Json{{"input", 0}, {"output", 0}, {"cached", 0}}},
                {"latency_ms", last ? r.latency : 0}, {"http_status", 200}, {"retries", Json::array()}};
}

// Where each row came from: the suite's cases, two proxied calls, an OTLP span and a batch
// file's line; the rest were plain runs.
const char* sourceOf(const Row& r)
{
    const std::string id = r.id;
    if (*r.caseName)
        return "suite";
    if (id.ends_with("07") || id.ends_with("08"))
        return "proxy";
    if (id.ends_with("09"))
        return "otlp";
    if (id.ends_with("10"))
        return "import";
    return "run";
}

Json document(const Row& r)
{
    Json attempts = Json::array();
    const int count = r.repairs + (std::string(r.outcome) == "fallback" ? 2 : 1);
    for (int i = 0; i < count; ++i) {
        const bool last = i == count - 1;
        const bool first = i == 0;
        const std::string mode = last ? r.mode : "strict";
        const bool parsed = first ? r.parsedFirst : true;
        const bool valid = last ? r.valid : first && r.validFirst;
        attempts.push_back(attempt(r, mode, i <= r.repairs ? i : 0, last ? r.raw : std::string("{\"name\":1}"), parsed, valid, last));
    }
    Json labels = Json::object();
    if (*r.caseName) {
        labels["case"] = r.caseName;
        labels["repeat"] = r.repeat;
        labels["suite"] = "s1";
    }
    std::vector<std::string> flags = r.flags;
    return Json{{"id", r.id}, {"time", r.time}, {"source", sourceOf(r)}, {"labels", labels},
                {"spec", Json{{"schema", r.schemaVersion == 1 ? fixtureSchema() : fixtureSchemaV2()},
                              {"prompt", Json{{"system", "You list people."}, {"user", "Who is there?"}, {"variables", Json::object()}}},
                              {"targets", Json::array({Json{{"provider", r.provider}, {"model", r.model}, {"base_url", ""}, {"mode", "auto"}}})},
                              {"policy", Json{{"coerce", false}, {"strict_repairs", false}}}}},
                {"outcome", r.outcome}, {"flags", flags}, {"value", nullptr}, {"attempts", attempts},
                {"metrics", Json{{"attempts", count}, {"repairs", r.repairs}, {"transport_retries", 0}, {"latency_ms", r.latency},
                                 {"tokens", Json{{"input", r.tokensIn}, {"output", r.tokensOut}, {"cached", r.tokensCached}}},
                                 {"parse_ok_first", r.parsedFirst}, {"first_try_valid", r.validFirst}}}};
}

} // namespace

std::vector<Json> fixtureDocuments()
{
    std::vector<Json> out;
    for (const Row& r : rows())
        out.push_back(document(r));
    return out;
}

Json fixtureSchema()
{
    return Json::parse(R"({"title":"people","type":"object","required":["name","age"],
        "properties":{"name":{"type":"string"},"age":{"type":"integer"}}})");
}

Json fixtureSchemaV2()
{
    return Json::parse(R"({"title":"people","type":"object","required":["name","age"],
        "properties":{"name":{"type":"string"},"age":{"type":"integer","minimum":0}}})");
}

Json editedSchema()
{
    return Json::parse(R"({"title":"people","type":"object","required":["name","age"],
        "properties":{"name":{},"age":{"type":"integer","maximum":30}}})");
}

QString freshStore(const QString& backend, const QString& name)
{
    if (backend == QLatin1String("postgres"))
        return PostgresCluster::shared().createDatabase(name);
    static QTemporaryDir dir;
    QFile::remove(dir.filePath(name + QStringLiteral(".db")));
    return dir.filePath(name + QStringLiteral(".db"));
}

QStringList versionEightUndone()
{
    return {QStringLiteral("DROP INDEX captures_by_cluster"), QStringLiteral("ALTER TABLE captures DROP COLUMN cluster"), // version 10
            QStringLiteral("DROP TABLE clusters"), QStringLiteral("DROP TABLE reviews"), QStringLiteral("DROP TABLE review_history"),
            QStringLiteral("DROP INDEX schemas_id"), QStringLiteral("ALTER TABLE schemas DROP COLUMN schema_id"), // version 9
            QStringLiteral("ALTER TABLE capture_bodies DROP COLUMN template_id"), QStringLiteral("DROP TABLE body_templates"),
            QStringLiteral("UPDATE conform_meta SET value = '7' WHERE key = 'schema_version'")};
}

void addBackendRows()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgres") << QStringLiteral("postgres");
}
