// The eight engines' rules (libcore/engines/rules/*.json) on schemas built to trip them, each
// expected verdict taken from the source its rule cites (the comment on each row), and the
// command line over them: `schema lint --provider ENGINE|all [--fail-on]` and `schema export
// --for ENGINE`, whose result must pass that engine's own lint.
#include "cli_in_process.h"

#include "engines/detail/rules.h"
#include "engines/engines.h"
#include "json/parse.h"
#include "providers/profile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;
using engines::Engine;

Q_DECLARE_METATYPE(conform::Json)

namespace {

// A closed object whose one property "p" is `property`, required: what OpenAI's and
// Anthropic's structural rules accept, so that a row's findings are about `property` alone.
Json closedWith(const Json& property)
{
    return Json{{"type", "object"}, {"properties", {{"p", property}}}, {"required", {"p"}}, {"additionalProperties", false}};
}

Json enumOf(int count)
{
    Json values = Json::array();
    for (int i = 0; i < count; ++i)
        values.push_back("v" + std::to_string(i));
    return Json{{"type", "string"}, {"enum", values}};
}

// `levels` levels of closed objects, the root the first.
Json nested(int levels)
{
    Json node{{"type", "string"}};
    for (int i = 0; i < levels; ++i)
        node = closedWith(node);
    return node;
}

// A schema rich in constraints, for export --for every engine.
const char* kRich =
    "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"minLength\":2,\"maxLength\":40,\"pattern\":\"^[A-Z"
    "](?=.*[a-z]).*$\"},\"age\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":150},\"score\":{\"type\":\"number\",\"minim"
    "um\":0,\"multipleOf\":0.5},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"format\":\"ipv4-cidr\"},\"minIt"
    "ems\":2,\"maxItems\":5,\"uniqueItems\":true},\"kind\":{\"oneOf\":[{\"const\":\"a\"},{\"const\":\"b\"}]},\"home\":{\"$ref"
    "\":\"#/$defs/place\"},\"extra\":{\"allOf\":[{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"}}},{\"requi"
    "red\":[\"x\"]}]}},\"required\":[\"name\",\"age\"],\"$defs\":{\"place\":{\"type\":\"object\",\"properties\":{\"city\":{\"ty"
    "pe\":\"string\"}},\"required\":[\"city\"]}}}";

QStringList verdictsOf(const engines::EngineReport& report)
{
    QStringList out;
    for (const auto& f : report.findings)
        out << QString::fromStdString(f.pointer + "|" + f.keyword + "|" + std::string(engines::verdictName(f.verdict)));
    return out;
}

void writeFile(const QString& path, const std::string& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text.data(), qint64(text.size()));
}

} // namespace

class TestEngines : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    QString schemaFile(const QString& name, const Json& schema)
    {
        const QString path = m_dir.filePath(name);
        writeFile(path, schema.dump());
        return path;
    }

private slots:
    void ruleFilesAreWellFormed()
    {
        const std::vector<std::string> errors = engines::detail::ruleFileErrors();
        QVERIFY2(errors.empty(), errors.empty() ? "" : errors.front().c_str());
        QCOMPARE(engines::allEngines().size(), std::size_t(8));
        for (Engine engine : engines::allEngines()) {
            const Json& file = engines::ruleFile(engine);
            QCOMPARE(file.value("engine", std::string()), std::string(engines::engineName(engine)));
            QCOMPARE(file.value("read", std::string()), std::string("2026-11-28"));
            QVERIFY(!file.value("title", std::string()).empty());
        }
    }

    void verdicts_data()
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<Json>("schema");
        QTest::addColumn<QStringList>("expected"); // "pointer|keyword|verdict", in order

        // OpenAI Structured Outputs guide: "Composition: allOf, not, ..." not supported.
        QTest::newRow("openai: allOf") << "openai" << closedWith({{"allOf", {{{"type", "string"}}, {{"maxLength", 3}}}}})
                                       << QStringList{"/properties/p|allOf|rejected"};
        // "all fields or function parameters must be specified as required".
        Json partly = closedWith({{"type", "string"}});
        partly["properties"]["q"] = {{"type", "string"}};
        QTest::newRow("openai: a property missing from required") << "openai" << partly << QStringList{"/properties/q|required|rejected"};
        // "additionalProperties: false must always be set in objects".
        Json open = closedWith({{"type", "string"}});
        open.erase("additionalProperties");
        QTest::newRow("openai: no additionalProperties false") << "openai" << open << QStringList{"|additionalProperties|rejected"};
        // "A schema may have up to 1000 enum values across all enum properties."
        QTest::newRow("openai: 1,001 enum values") << "openai" << closedWith(enumOf(1001)) << QStringList{"|enum|limited"};
        QTest::newRow("openai: 1,000 enum values") << "openai" << closedWith(enumOf(1000)) << QStringList{};
        // "up to 10 levels of nesting": the root and 9 levels below it pass, 11 levels do not.
        QTest::newRow("openai: 10 levels") << "openai" << nested(9) << QStringList{};
        QTest::newRow("openai: 11 levels") << "openai" << nested(11) << QStringList{"/properties/p/properties/p/properties/p/properties/p/properties/p/properties/p/properties/p/properties/p/properties/p/properties/p|nesting|limited"};
        // mastra #23321: "'uniqueItems' is not permitted"; the guide's formats list.
        QTest::newRow("openai: uniqueItems") << "openai" << closedWith({{"type", "array"}, {"uniqueItems", true}})
                                             << QStringList{"/properties/p|uniqueItems|rejected"};
        QTest::newRow("openai: format outside the list") << "openai" << closedWith({{"type", "string"}, {"format", "ipv4-cidr"}})
                                                         << QStringList{"/properties/p|format|rejected"};
        // "the root level object of a schema must be an object"; "Recursive schemas are supported".
        QTest::newRow("openai: array root") << "openai" << Json{{"type", "array"}} << QStringList{"|type|rejected"};
        const Json recursive = closedWith({{"anyOf", {{{"$ref", "#"}}, {{"type", "null"}}}}});
        QTest::newRow("openai: recursion") << "openai" << recursive << QStringList{};
        QTest::newRow("openai-responses: the same rules") << "openai-responses" << open << QStringList{"|additionalProperties|rejected"};

        // Anthropic docs: recursive schemas and numeric bounds unsupported, minItems 0 or 1,
        // patterns without lookaround; optional properties are fine.
        QTest::newRow("anthropic: recursion") << "anthropic" << recursive << QStringList{"/properties/p/anyOf/0|$ref|rejected"};
        QTest::newRow("anthropic: minimum") << "anthropic" << closedWith({{"type", "integer"}, {"minimum", 1}})
                                            << QStringList{"/properties/p|minimum|rejected"};
        QTest::newRow("anthropic: minItems 3") << "anthropic" << closedWith({{"type", "array"}, {"minItems", 3}})
                                               << QStringList{"/properties/p|minItems|rejected"};
        QTest::newRow("anthropic: minItems 1") << "anthropic" << closedWith({{"type", "array"}, {"minItems", 1}}) << QStringList{};
        QTest::newRow("anthropic: lookahead") << "anthropic" << closedWith({{"type", "string"}, {"pattern", "^(?=a).*$"}})
                                              << QStringList{"/properties/p|pattern|rejected"};
        QTest::newRow("anthropic: plain pattern") << "anthropic" << closedWith({{"type", "string"}, {"pattern", "^[a-z]+$"}}) << QStringList{};
        QTest::newRow("anthropic: optional property") << "anthropic" << partly << QStringList{};

        // Gemini reference: oneOf "interpreted the same as anyOf"; unlisted keywords not
        // supported; no keywords beside $ref; python-genai #2170: maxItems summing over ~960.
        const Json object{{"type", "object"}, {"properties", {{"a", {{"type", "string"}, {"minLength", 1}}}}}};
        QTest::newRow("gemini: unlisted minLength") << "gemini" << object << QStringList{"/properties/a|minLength|dropped"};
        QTest::newRow("gemini: oneOf") << "gemini" << Json{{"oneOf", {{{"type", "string"}}, {{"type", "integer"}}}}}
                                       << QStringList{"|oneOf|dropped"};
        QTest::newRow("gemini: $ref with a sibling")
            << "gemini" << Json{{"$defs", {{"n", {{"type", "integer"}}}}}, {"type", "object"}, {"properties", {{"a", {{"$ref", "#/$defs/n"}, {"minimum", 1}}}}}}
            << QStringList{"/properties/a|$ref|rejected"};
        QTest::newRow("gemini: maxItems over 960 in all")
            << "gemini" << Json{{"type", "object"}, {"properties", {{"a", {{"type", "array"}, {"maxItems", 500}}}, {"b", {{"type", "array"}, {"maxItems", 500}}}}}}
            << QStringList{"|maxItems|limited"};

        // Ollama #8325/#8185: an unanchored pattern is "invalid JSON schema in format"; #8063:
        // $ref, anyOf and const not enforced; llama.cpp's converter: bounds on integers only.
        QTest::newRow("ollama: unanchored pattern") << "ollama" << closedWith({{"type", "string"}, {"pattern", "[0-9]"}})
                                                    << QStringList{"/properties/p|pattern|rejected"};
        QTest::newRow("ollama: anchored pattern") << "ollama" << closedWith({{"type", "string"}, {"pattern", "^[0-9]$"}}) << QStringList{};
        QTest::newRow("ollama: const and anyOf") << "ollama" << closedWith({{"anyOf", {{{"const", 1}}, {{"type", "null"}}}}})
                                                 << QStringList{"/properties/p|anyOf|dropped", "/properties/p/anyOf/0|const|dropped"};
        QTest::newRow("ollama: minimum on a number") << "ollama" << closedWith({{"type", "number"}, {"minimum", 0}})
                                                     << QStringList{"/properties/p|minimum|dropped"};
        QTest::newRow("ollama: untyped root") << "ollama" << Json{{"description", "x"}} << QStringList{"|type|rejected"};

        // llama.cpp grammars/README.md: "Unsupported features are skipped silently", patterns
        // "must start with ^ and end with $", bounds "only supported for type integer".
        QTest::newRow("llama-cpp: lookahead pattern") << "llama-cpp" << closedWith({{"type", "string"}, {"pattern", "^(?=.*x).*$"}})
                                                      << QStringList{"/properties/p|pattern|dropped"};
        QTest::newRow("llama-cpp: unanchored pattern") << "llama-cpp" << closedWith({{"type", "string"}, {"pattern", "a+"}})
                                                       << QStringList{"/properties/p|pattern|rejected"};
        QTest::newRow("llama-cpp: minimum on an integer") << "llama-cpp" << closedWith({{"type", "integer"}, {"minimum", 0}}) << QStringList{};
        QTest::newRow("llama-cpp: maximum on a number") << "llama-cpp" << closedWith({{"type", "number"}, {"maximum", 1}})
                                                        << QStringList{"/properties/p|maximum|dropped"};
        QTest::newRow("llama-cpp: uniqueItems") << "llama-cpp" << closedWith({{"type", "array"}, {"uniqueItems", true}})
                                                << QStringList{"/properties/p|uniqueItems|dropped"};
        // #7703: properties beside oneOf ignored.
        QTest::newRow("llama-cpp: properties beside oneOf")
            << "llama-cpp" << Json{{"type", "object"}, {"properties", {{"a", {{"type", "string"}}}}}, {"oneOf", {{{"required", {"a"}}}}}}
            << QStringList{"|properties|dropped"};

        // vLLM's has_xgrammar_unsupported_json_features and #56556.
        const Json twoBranches{{"allOf", {{{"type", "object"}}, {{"required", {"a"}}}}}};
        QTest::newRow("vllm-xgrammar: allOf of two branches") << "vllm-xgrammar" << twoBranches << QStringList{"|allOf|dropped"};
        QTest::newRow("vllm-xgrammar: allOf of one branch") << "vllm-xgrammar" << Json{{"allOf", {{{"type", "object"}}}}} << QStringList{};
        QTest::newRow("vllm-xgrammar: multipleOf") << "vllm-xgrammar" << Json{{"type", "number"}, {"multipleOf", 2}}
                                                   << QStringList{"|multipleOf|rejected"};
        QTest::newRow("vllm-xgrammar: maxLength beside a pattern")
            << "vllm-xgrammar" << Json{{"type", "string"}, {"pattern", "^a+$"}, {"maxLength", 3}} << QStringList{"|maxLength|rejected"};
        QTest::newRow("vllm-xgrammar: maxLength alone") << "vllm-xgrammar" << Json{{"type", "string"}, {"maxLength", 3}} << QStringList{};

        // llguidance's README: oneOf "not supported right now, use anyOf instead"; its formats;
        // keys it does not implement are refused.
        QTest::newRow("vllm-guidance: oneOf") << "vllm-guidance" << Json{{"oneOf", {{{"type", "string"}}}}} << QStringList{"|oneOf|rejected"};
        QTest::newRow("vllm-guidance: uniqueItems") << "vllm-guidance" << Json{{"type", "array"}, {"uniqueItems", true}}
                                                    << QStringList{"|uniqueItems|rejected"};
        QTest::newRow("vllm-guidance: allOf of two branches") << "vllm-guidance" << twoBranches << QStringList{};
    }

    void verdicts()
    {
        QFETCH(QString, engine);
        QFETCH(Json, schema);
        QFETCH(QStringList, expected);
        const engines::EngineReport report = engines::lintForEngine(schema, *engines::parseEngine(engine.toStdString()));
        QCOMPARE(verdictsOf(report), expected);
        for (const auto& f : report.findings) {
            QVERIFY2(!f.source.empty() && f.source.find("(read 2026-11-28)") != std::string::npos, f.source.c_str());
            QVERIFY(!f.problem.empty());
            QVERIFY(!f.suggestion.empty());
        }
    }

    // The run's strict profiles read the same rules: a profile refuses exactly what its
    // engine rejects or cannot fit in its budgets.
    void profilesAgreeWithTheRules_data() { verdicts_data(); }
    void profilesAgreeWithTheRules()
    {
        QFETCH(QString, engine);
        QFETCH(Json, schema);
        const providers::Profile* profile = engine == QLatin1String("openai")        ? &providers::openAiStrictProfile()
                                          : engine == QLatin1String("openai-responses") ? &providers::openAiResponsesStrictProfile()
                                          : engine == QLatin1String("anthropic")     ? &providers::anthropicStrictProfile()
                                          : engine == QLatin1String("ollama")        ? &providers::ollamaFormatProfile()
                                                                                     : nullptr;
        if (!profile)
            return; // no provider of Conform's runs speaks to this engine yet
        const engines::EngineReport report = engines::lintForEngine(schema, profile->engine());
        QCOMPARE(profile->accepts(schema).ok, !report.rejects() && !report.limits());
        QCOMPARE(profile->notEnforced(schema).size(),
                 std::size_t(std::count_if(report.findings.begin(), report.findings.end(),
                                           [](const engines::Finding& f) { return f.verdict == engines::Verdict::Dropped; })));
    }

    void lintAllListsEveryEngine()
    {
        const QString file = schemaFile(QStringLiteral("rich.json"), Json::parse(kRich));
        const CliRun run = runCliInProcess({"schema", "lint", file, "--provider", "all", "--json"});
        QCOMPARE(run.code, 1);
        const Json report = json::parseStrict(run.out).value();
        QCOMPARE(report["file"].get<std::string>(), file.toStdString());
        QCOMPARE(report["ok"].get<bool>(), false);
        QStringList names;
        for (auto it = report["providers"].begin(); it != report["providers"].end(); ++it)
            names << QString::fromStdString(it.key());
        QCOMPARE(names, (QStringList{"openai", "openai-responses", "anthropic", "gemini", "ollama", "llama-cpp", "vllm-xgrammar", "vllm-guidance"}));
        const Json& anthropic = report["providers"]["anthropic"];
        QCOMPARE(anthropic["ok"].get<bool>(), false);
        const Json& first = anthropic["findings"][0];
        for (const char* key : {"pointer", "keyword", "verdict", "problem", "suggestion", "source"})
            QVERIFY2(first.contains(key), key);
    }

    void lintOneEngineKeepsItsReport()
    {
        const QString file = schemaFile(QStringLiteral("kinds.json"), closedWith({{"oneOf", {{{"type", "string"}}, {{"type", "integer"}}}}}));
        const CliRun json = runCliInProcess({"schema", "lint", file, "--provider", "openai", "--json"});
        QCOMPARE(json.code, 1);
        const Json report = json::parseStrict(json.out).value();
        for (const char* key : {"file", "ok", "messages", "provider", "findings"})
            QVERIFY2(report.contains(key), key);
        QCOMPARE(report["provider"].get<std::string>(), std::string("openai"));
        QCOMPARE(report["findings"].size(), std::size_t(1));
        QCOMPARE(report["findings"][0]["keyword"].get<std::string>(), std::string("oneOf"));
        QCOMPARE(report["findings"][0]["verdict"].get<std::string>(), std::string("rejected"));
        const CliRun text = runCliInProcess({"schema", "lint", file, "--provider", "openai"});
        QVERIFY2(text.out.find(file.toStdString() + ": /properties/p: openai: rejected oneOf: oneOf is not supported; suggestion: use anyOf")
                     != std::string::npos, text.out.c_str());
        QVERIFY2(text.out.find("[OpenAI platform docs, Structured Outputs") != std::string::npos, text.out.c_str());
        const QString plain = schemaFile(QStringLiteral("plain.json"), closedWith({{"type", "string"}}));
        const CliRun none = runCliInProcess({"schema", "lint", plain, "--provider", "gemini"});
        QCOMPARE(none.code, 0);
        QVERIFY2(none.out.find(plain.toStdString() + ": gemini: no findings") != std::string::npos, none.out.c_str());
    }

    void lintExits_data()
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QString>("failOn"); // "" for the default
        QTest::addColumn<int>("code");
        // A number with a minimum: Anthropic rejects it, llama.cpp drops it (number, not
        // integer), OpenAI enforces it. 1,001 enum values: OpenAI's budget, limited.
        QTest::newRow("anthropic, default") << "anthropic" << "" << 1;
        QTest::newRow("anthropic, rejected") << "anthropic" << "rejected" << 1;
        QTest::newRow("anthropic, dropped") << "anthropic" << "dropped" << 0;
        QTest::newRow("llama-cpp, default") << "llama-cpp" << "" << 1;
        QTest::newRow("llama-cpp, rejected") << "llama-cpp" << "rejected" << 0;
        QTest::newRow("llama-cpp, dropped") << "llama-cpp" << "dropped" << 1;
        QTest::newRow("openai, default: limited only") << "openai" << "" << 0;
        QTest::newRow("openai, any") << "openai" << "any" << 1;
        QTest::newRow("all, rejected") << "all" << "rejected" << 1;
    }

    void lintExits()
    {
        QFETCH(QString, engine);
        QFETCH(QString, failOn);
        QFETCH(int, code);
        Json schema = closedWith({{"type", "number"}, {"minimum", 0}});
        schema["properties"]["e"] = enumOf(1001);
        schema["required"].push_back("e");
        const QString file = schemaFile(QStringLiteral("exits.json"), schema);
        QStringList arguments{"schema", "lint", file, "--provider", engine};
        if (!failOn.isEmpty())
            arguments << "--fail-on" << failOn;
        const CliRun run = runCliInProcess(arguments);
        QVERIFY2(run.code == code, (run.out + run.err).c_str());
    }

    void lintUsageAndUnreadable()
    {
        const QString file = schemaFile(QStringLiteral("usage.json"), closedWith({{"type", "string"}}));
        const CliRun unknown = runCliInProcess({"schema", "lint", file, "--provider", "mistral"});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.find("conform-cli: error: schema: --provider must be openai, openai-responses, anthropic, gemini, ollama, "
                                  "llama-cpp, vllm-xgrammar, vllm-guidance or all, not 'mistral'") != std::string::npos, unknown.err.c_str());
        const CliRun badFailOn = runCliInProcess({"schema", "lint", file, "--provider", "all", "--fail-on", "narrower"});
        QCOMPARE(badFailOn.code, 2);
        const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
        writeFile(broken, "{\"type\": \"string\", \"pattern\": \"(unclosed\"}");
        const CliRun unreadable = runCliInProcess({"schema", "lint", broken, "--provider", "all"});
        QCOMPARE(unreadable.code, 2);
        const CliRun exportBroken = runCliInProcess({"schema", "export", broken, "--for", "openai"});
        QCOMPARE(exportBroken.code, 2);
        const CliRun exportUnknown = runCliInProcess({"schema", "export", file, "--for", "all"});
        QCOMPARE(exportUnknown.code, 2);
    }

    void exportForEveryEngine_data()
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QStringList>("moved"); // lines expected on stderr (others may follow)
        // Each what that engine's rules reject or drop in kRich, by hand.
        QTest::newRow("openai") << "openai" << QStringList{"/properties/tags: moved uniqueItems true into the description",
                                                           "/properties/tags/items: moved format \"ipv4-cidr\" into the description"};
        QTest::newRow("openai-responses") << "openai-responses" << QStringList{"/properties/tags: moved uniqueItems true into the description"};
        QTest::newRow("anthropic") << "anthropic" << QStringList{"/properties/name: moved minLength 2 into the description",
                                                                 "/properties/age: moved minimum 0 into the description",
                                                                 "/properties/tags: moved maxItems 5 into the description",
                                                                 "/properties/kind: oneOf became anyOf (that only one branch matches is left to Conform)"};
        QTest::newRow("gemini") << "gemini" << QStringList{"/properties/name: moved minLength 2 into the description",
                                                           "/properties/score: moved multipleOf 0.5 into the description"};
        QTest::newRow("ollama") << "ollama" << QStringList{"/properties/name: moved pattern \"^[A-Z](?=.*[a-z]).*$\" into the description",
                                                           "/properties/score: moved minimum 0 into the description"};
        QTest::newRow("llama-cpp") << "llama-cpp" << QStringList{"/properties/score: moved minimum 0 into the description",
                                                                 "/properties/tags: moved uniqueItems true into the description"};
        QTest::newRow("vllm-xgrammar") << "vllm-xgrammar" << QStringList{"/properties/name: moved maxLength 40 into the description",
                                                                         "/properties/score: moved multipleOf 0.5 into the description"};
        QTest::newRow("vllm-guidance") << "vllm-guidance" << QStringList{"/properties/tags: moved uniqueItems true into the description"};
    }

    void exportForEveryEngine()
    {
        QFETCH(QString, engine);
        QFETCH(QStringList, moved);
        const QString file = schemaFile(QStringLiteral("rich.json"), Json::parse(kRich));
        const CliRun run = runCliInProcess({"schema", "export", file, "--for", engine});
        QVERIFY2(run.code == 0, run.err.c_str());
        const QStringList lines = QString::fromStdString(run.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (const QString& line : moved)
            QVERIFY2(lines.contains(line), qPrintable(line + QStringLiteral(" not in:\n") + QString::fromStdString(run.err)));
        const Json exported = json::parseStrict(run.out).value();
        const engines::EngineReport report = engines::lintForEngine(exported, *engines::parseEngine(engine.toStdString()));
        QVERIFY2(!report.rejects() && !report.drops(), qPrintable(verdictsOf(report).join(QLatin1Char('\n'))));
        // The moved constraint is in the description, as the SDKs write it.
        if (engine == QLatin1String("anthropic"))
            QVERIFY(exported["properties"]["age"]["description"].get<std::string>().find("minimum: 0") != std::string::npos);
        // And it passes the command's own lint.
        const QString out = schemaFile(QStringLiteral("exported.json"), exported);
        const CliRun lint = runCliInProcess({"schema", "lint", out, "--provider", engine});
        QVERIFY2(lint.code == 0, lint.out.c_str());
    }

    // What cannot be fixed (OpenAI: a root that is no object) stays, and export says so.
    void exportLeavesWhatItCannotFix()
    {
        const QString file = schemaFile(QStringLiteral("list.json"), Json{{"type", "array"}, {"items", {{"type", "string"}}}});
        const CliRun run = runCliInProcess({"schema", "export", file, "--for", "openai"});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.find(": /: openai: still rejected type: the root must be of type \"object\"") != std::string::npos, run.err.c_str());
    }

    // A schema deeper than the walk goes is a finding, never a crash.
    void hostileDepthIsAFinding()
    {
        Json schema{{"type", "string"}};
        for (int i = 0; i < 5000; ++i)
            schema = Json{{"items", schema}};
        for (Engine engine : engines::allEngines()) {
            QVERIFY(engines::lintForEngine(schema, engine).rejects());
            QVERIFY(!engines::exportForEngine(schema, engine).ok());
        }
        // A $ref to an index past any number resolves nowhere, and throws nothing.
        const Json far{{"allOf", {Json::object()}}, {"properties", {{"a", {{"$ref", "#/allOf/99999999999999999999999"}}}}}};
        for (Engine engine : engines::allEngines()) {
            (void)engines::lintForEngine(far, engine);
            (void)engines::exportForEngine(far, engine);
        }
    }
};

QTEST_GUILESS_MAIN(TestEngines)
#include "test_engines.moc"
