// libcore/export and `conform-cli schema lint --provider` / `schema export`: provider findings
// with hand-written expectations, the request fragments against hand-written expected
// files, and the source exports checked for real: every Zod export run by node with zod 3
// and every TypeScript export type-checked by tsc against the examples of every workspace
// schema, with Conform's verdicts; every Pydantic export compiled by python3 and compared
// with its reviewed expected file.
#include "cli_in_process.h"
#include "node_peers.h"
#include "require_dependency.h"

#include "base/path.h"
#include "export/export.h"
#include "export/provider_lint.h"
#include "json/parse.h"
#include "schema/schema_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace conform;

Q_DECLARE_METATYPE(conform::Json)

namespace {

const QString kData = QStringLiteral(CONFORM_TEST_DATA);
const QString kSchemas = QStringLiteral(CONFORM_SOURCE_DIR "/schemas");
const QString kPeers = QStringLiteral(CONFORM_SOURCE_DIR "/tests/export");

QByteArray readFile(const QString& path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return file.readAll();
}

void writeFile(const QString& path, const std::string& text)
{
    QFile file(path);
    file.open(QIODevice::WriteOnly | QIODevice::Truncate);
    file.write(text.data(), qint64(text.size()));
}

QStringList workspaceSchemas()
{
    QStringList names = QDir(kSchemas).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    names.erase(std::remove_if(names.begin(), names.end(), [](const QString& n) { return !QFile::exists(kSchemas + "/" + n + "/schema.json"); }),
                names.end());
    return names;
}

struct Example
{
    QString path;
    bool valid = false;
    std::vector<Json> issues; // Conform's
};

// Whether TypeScript cannot state what an issue says: its keyword is one the export noted.
// A type issue is unsayable only when the note is about integer and the value a fraction.
bool unsayable(const Json& issue, const std::set<std::string>& noted)
{
    if (!noted.contains(issue.value("schemaPath", std::string())))
        return false;
    return issue.value("code", std::string()) != "invalid_type" || issue.value("received", std::string()) == "float";
}

std::vector<Example> examplesOf(const QString& name, const schema::Validator& validator)
{
    std::vector<Example> out;
    const QDir dir(kSchemas + "/" + name + "/examples");
    for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const auto value = json::parseStrict(readFile(dir.filePath(file)).toStdString());
        if (!value)
            continue;
        const auto result = validator.validate(value.value());
        Example example{dir.filePath(file), result.valid, {}};
        for (const auto& issue : result.issues)
            example.issues.push_back(issue.toJson());
        out.push_back(std::move(example));
    }
    return out;
}

// The pointers an export's notes name ("/properties/a/minLength: not expressed ...").
std::set<std::string> notedPointers(const std::vector<std::string>& notes)
{
    std::set<std::string> out;
    for (const std::string& note : notes)
        out.insert(note.substr(0, note.find(": ")));
    return out;
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void providerFindings_data()
    {
        QTest::addColumn<Json>("schema");
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QStringList>("expected"); // "pointer|problem", in order
        const Json open{{"type", "object"}, {"properties", {{"a", {{"type", "string"}}}}}};
        QTest::newRow("openai: open object, optional property") << open << "openai"
            << QStringList{QStringLiteral("|additionalProperties must be false"),
                           QStringLiteral("/properties/a|every property must be listed in required; \"a\" is not")};
        // Each property left out of "required" is a finding at that property, not at the object.
        const Json partly{{"type", "object"}, {"additionalProperties", false}, {"required", {"a"}},
                          {"properties", {{"a", {{"type", "string"}}}, {"b", {{"type", "string"}}}, {"c/d", {{"type", "string"}}}}}};
        QTest::newRow("openai: the properties missing from required") << partly << "openai"
            << QStringList{QStringLiteral("/properties/b|every property must be listed in required; \"b\" is not"),
                           QStringLiteral("/properties/c~1d|every property must be listed in required; \"c/d\" is not")};
        QTest::newRow("ollama: open object is fine") << open << "ollama" << QStringList{};
        const Json oneOf{{"type", "object"}, {"additionalProperties", false}, {"required", {"k"}},
                         {"properties", {{"k", {{"oneOf", {{{"type", "string"}}, {{"type", "integer"}}}}}}}}};
        QTest::newRow("openai: oneOf") << oneOf << "openai" << QStringList{QStringLiteral("/properties/k|oneOf is not supported")};
        QTest::newRow("anthropic: oneOf") << oneOf << "anthropic" << QStringList{QStringLiteral("/properties/k|oneOf is not supported")};
        const Json bounds{{"type", "object"}, {"additionalProperties", false}, {"required", {"g"}},
                          {"properties", {{"g", {{"type", "array"}, {"minItems", 5}, {"items", {{"type", "string"}, {"format", "color"}}}}}}}};
        QTest::newRow("anthropic: minItems and format") << bounds << "anthropic"
            << QStringList{QStringLiteral("/properties/g|minItems must be 0 or 1"), QStringLiteral("/properties/g/items|format \"color\" is not supported")};
        QTest::newRow("openai: array root") << Json{{"type", "array"}} << "openai"
            << QStringList{QStringLiteral("|the root must be of type \"object\"")};
    }

    void providerFindings()
    {
        QFETCH(Json, schema);
        QFETCH(QString, provider);
        QFETCH(QStringList, expected);
        const auto findings = exporting::lintForProvider(schema, *providers::parseProviderKind(provider.toStdString()));
        QStringList actual;
        for (const auto& f : findings) {
            actual << QString::fromStdString(f.pointer + "|" + f.problem);
            QVERIFY2(!f.suggestion.empty(), f.problem.c_str());
        }
        QCOMPARE(actual, expected);
    }

    void lintCommand()
    {
        const QString file = m_dir.filePath(QStringLiteral("kinds.json"));
        writeFile(file, R"({"type": "object", "properties": {"k": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}})");
        const CliRun run = runCliInProcess({QStringLiteral("schema"), QStringLiteral("lint"), file, QStringLiteral("--provider"), QStringLiteral("openai")});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.out.find(file.toStdString() + ": /properties/k: openai: rejected oneOf: oneOf is not supported; suggestion: use anyOf") != std::string::npos, run.out.c_str());
        const CliRun json = runCliInProcess({QStringLiteral("schema"), QStringLiteral("lint"), file, QStringLiteral("--provider"), QStringLiteral("openai"), QStringLiteral("--json")});
        const Json report = json::parseStrict(json.out).value();
        QCOMPARE(report["findings"].size(), std::size_t(3));
        QCOMPARE(report["ok"].get<bool>(), false);
        const CliRun clean = runCliInProcess({QStringLiteral("schema"), QStringLiteral("lint"), kSchemas + QStringLiteral("/goal-generator/schema.json"),
                                              QStringLiteral("--provider"), QStringLiteral("openai")});
        QVERIFY2(clean.code == 0, clean.out.c_str());
        const CliRun bad = runCliInProcess({QStringLiteral("schema"), QStringLiteral("lint"), file, QStringLiteral("--provider"), QStringLiteral("mistral")});
        QCOMPARE(bad.code, 2);
    }

    // The request fragments, against files written from the providers' documentation.
    void requestFragments_data()
    {
        QTest::addColumn<QString>("target");
        for (const char* target : {"openai-json-schema", "openai-tool", "anthropic-tool", "ollama-format"})
            QTest::newRow(target) << QString::fromLatin1(target);
    }

    void requestFragments()
    {
        QFETCH(QString, target);
        const CliRun run = runCliInProcess({QStringLiteral("schema"), QStringLiteral("export"), kData + QStringLiteral("/task.schema.json"),
                                            QStringLiteral("--to"), target});
        QCOMPARE(run.code, 0);
        const Json expected = json::parseStrict(readFile(kData + "/fragments/" + target + ".json").toStdString()).value();
        QCOMPARE(QString::fromStdString(dump(json::parseStrict(run.out).value(), 2)), QString::fromStdString(dump(expected, 2)));
        // Optional "note" becomes required and nullable for OpenAI's strict mode: said on stderr.
        QCOMPARE(run.err.find("made optional property \"note\" required and nullable") != std::string::npos, target.startsWith(QLatin1String("openai")));
    }

    void unknownTarget()
    {
        const CliRun run = runCliInProcess({QStringLiteral("schema"), QStringLiteral("export"), kData + QStringLiteral("/task.schema.json"),
                                            QStringLiteral("--to"), QStringLiteral("protobuf")});
        QCOMPARE(run.code, 2);
        QVERIFY(run.err.starts_with("conform-cli: error: schema: --to must be"));
    }

    // Zod and TypeScript against every example of every workspace schema.
    void zodAndTypeScriptAgreeWithConform()
    {
        const NodePeers peers = nodePeers(kPeers, {QStringLiteral("zod"), QStringLiteral("typescript")});
        REQUIRE_DEPENDENCY(peers.ok(), peers.problem);
        const QString& node = peers.node;
        Json manifest = Json::array();
        QDir dir(m_dir.filePath(QStringLiteral("exports")));
        QVERIFY(dir.mkpath(QStringLiteral(".")));
        std::map<QString, bool> tsExpected; // file -> tsc should accept it
        for (const QString& name : workspaceSchemas()) {
            const schema::SchemaFile loaded = schema::loadSchemaFile(kSchemas + "/" + name + "/schema.json");
            QVERIFY2(loaded.ok, loaded.error.c_str());
            const auto zod = exporting::exportSchema(loaded.document, exporting::ExportTarget::Zod, {"Answer"});
            const auto ts = exporting::exportSchema(loaded.document, exporting::ExportTarget::TypeScript, {"Answer"});
            const QString module = dir.filePath(name + QStringLiteral(".mjs"));
            writeFile(module, zod.text);
            const std::set<std::string> unsaid = notedPointers(ts.notes);
            int index = 0;
            for (const Example& example : examplesOf(name, *loaded.validator)) {
                manifest.push_back({{"module", module.toStdString()}, {"instance", example.path.toStdString()}, {"expected", example.valid}});
                // tsc accepts an invalid example only when every issue is one the export says it cannot state.
                const bool allUnsayable = std::all_of(example.issues.begin(), example.issues.end(),
                                                      [&](const Json& issue) { return unsayable(issue, unsaid); });
                const QString file = dir.filePath(QStringLiteral("%1_%2.ts").arg(QString(name).replace('-', '_')).arg(index++));
                writeFile(file, ts.text + "\nconst value: Answer = " + readFile(example.path).toStdString() + ";\nexport default value;\n");
                tsExpected[file] = example.valid || allUnsayable;
            }
        }
        QVERIFY(manifest.size() >= 40);
        writeFile(dir.filePath(QStringLiteral("manifest.json")), dump(manifest));
        QProcess zod;
        zod.setProcessChannelMode(QProcess::MergedChannels);
        zod.start(node, {kPeers + QStringLiteral("/check_zod.mjs"), dir.filePath(QStringLiteral("manifest.json"))});
        QVERIFY(zod.waitForFinished(120'000));
        const QByteArray zodOut = zod.readAll();
        QVERIFY2(zod.exitCode() == 0, zodOut.constData());

        // tsc runs in the folder that holds the files and is given their bare names, so each error
        // line starts with the name whatever the folder is (tsc prints paths relative to its
        // working folder; the temporary folder may be anywhere).
        QProcess tsc;
        tsc.setProcessChannelMode(QProcess::MergedChannels);
        tsc.setWorkingDirectory(dir.path());
        QStringList arguments{kPeers + QStringLiteral("/node_modules/typescript/bin/tsc"), QStringLiteral("--noEmit"), QStringLiteral("--strict"),
                              QStringLiteral("--target"), QStringLiteral("es2020"), QStringLiteral("--module"), QStringLiteral("es2020"), QStringLiteral("--pretty"), QStringLiteral("false")};
        for (const auto& [file, ok] : tsExpected)
            arguments << QFileInfo(file).fileName();
        tsc.start(node, arguments);
        QVERIFY(tsc.waitForFinished(300'000));
        const QString tscOut = QString::fromUtf8(tsc.readAll());
        std::set<QString> rejectedFiles; // the file name that opens each error line
        for (const QString& line : tscOut.split(QLatin1Char('\n'))) {
            const qsizetype paren = line.indexOf(QLatin1String(".ts("));
            if (paren > 0)
                rejectedFiles.insert(line.left(paren + 3));
        }
        for (const auto& [file, ok] : tsExpected) {
            const bool rejected = rejectedFiles.count(QFileInfo(file).fileName()) > 0;
            QVERIFY2(rejected != ok, qPrintable(file + (ok ? QStringLiteral(" should type-check:\n") : QStringLiteral(" should not type-check\n")) + tscOut.left(3000)));
        }
    }

    void pydanticMatchesReviewedFiles_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString& name : workspaceSchemas())
            QTest::newRow(qPrintable(name)) << name;
    }

    void pydanticMatchesReviewedFiles()
    {
        QFETCH(QString, name);
        const CliRun run = runCliInProcess({QStringLiteral("schema"), QStringLiteral("export"), kSchemas + "/" + name + "/schema.json",
                                            QStringLiteral("--to"), QStringLiteral("pydantic")});
        QCOMPARE(run.code, 0);
        const QString expectedFile = kData + "/pydantic/" + name + ".py";
        QCOMPARE(QString::fromStdString(run.out), QString::fromUtf8(readFile(expectedFile)));
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        REQUIRE_DEPENDENCY(!python.isEmpty(), QStringLiteral("python3 is not installed: the Pydantic export is compiled with it"));
        const QString file = m_dir.filePath(QString(name).replace('-', '_') + QStringLiteral(".py"));
        writeFile(file, run.out);
        QProcess compile;
        compile.setProcessChannelMode(QProcess::MergedChannels);
        compile.start(python, {QStringLiteral("-m"), QStringLiteral("py_compile"), file});
        QVERIFY(compile.waitForFinished(60'000));
        QVERIFY2(compile.exitCode() == 0, compile.readAll().constData());
    }

    // Notes reach stderr and, in source exports, a comment.
    void unsayableIsSaid()
    {
        const Json schema{{"type", "object"}, {"properties", {{"tags", {{"type", "array"}, {"uniqueItems", true}, {"items", {{"type", "string"}, {"minLength", 2}}}}}}}};
        const auto ts = exporting::exportSchema(schema, exporting::ExportTarget::TypeScript);
        QVERIFY(std::find(ts.notes.begin(), ts.notes.end(), "/properties/tags/uniqueItems: not expressed in TypeScript") != ts.notes.end());
        QVERIFY(ts.text.find("/* /properties/tags/items/minLength: not expressed in TypeScript") != std::string::npos);
        const auto zod = exporting::exportSchema(schema, exporting::ExportTarget::Zod);
        QVERIFY2(zod.notes.empty(), zod.notes.empty() ? "" : zod.notes.front().c_str());
        QVERIFY(zod.text.starts_with("// Response: generated by"));
        QVERIFY(zod.text.find("import { z } from \"zod\";") != std::string::npos);
        QVERIFY(zod.text.find("export default Response;") != std::string::npos);
        const auto py = exporting::exportSchema(schema, exporting::ExportTarget::Pydantic);
        QVERIFY(py.text.find("# Not expressed: /properties/tags/uniqueItems: not expressed in Pydantic") != std::string::npos);
    }

    // A pattern that is no regular expression is left out of the Zod export with a note, so
    // the module loads: `new RegExp("([", "u")` would throw as it is imported.
    void zodExportOfABrokenPatternLoads()
    {
        Json code = {{"type", "string"}, {"pattern", "(["}};
        const Json schema = {{"type", "object"}, {"properties", {{"code", code}}}};
        const auto zod = exporting::exportSchema(schema, exporting::ExportTarget::Zod, {"Broken"});
        QVERIFY(zod.text.find("RegExp") == std::string::npos);
        QCOMPARE(zod.notes.size(), std::size_t(1));
        QVERIFY2(zod.notes.front().starts_with("/properties/code/pattern: not a regular expression: missing terminating ]"),
                 zod.notes.front().c_str());
        const NodePeers peers = nodePeers(kPeers, {QStringLiteral("zod")});
        REQUIRE_DEPENDENCY(peers.ok(), peers.problem);
        QDir dir(m_dir.filePath(QStringLiteral("broken-pattern")));
        QVERIFY(dir.mkpath(QStringLiteral(".")));
        writeFile(dir.filePath(QStringLiteral("broken.mjs")), zod.text);
        writeFile(dir.filePath(QStringLiteral("instance.json")), "{\"code\":\"([\"}");
        const Json manifest = Json::array({{{"module", dir.filePath(QStringLiteral("broken.mjs")).toStdString()},
                                            {"instance", dir.filePath(QStringLiteral("instance.json")).toStdString()},
                                            {"expected", true}}});
        writeFile(dir.filePath(QStringLiteral("manifest.json")), dump(manifest));
        QProcess node;
        node.setProcessChannelMode(QProcess::MergedChannels);
        node.start(peers.node, {kPeers + QStringLiteral("/check_zod.mjs"), dir.filePath(QStringLiteral("manifest.json"))});
        QVERIFY(node.waitForFinished(60'000));
        const QByteArray out = node.readAll();
        QVERIFY2(node.exitCode() == 0 && out.contains("zod: 1 checked, 0 mismatches"), out.constData());
    }

    void hostileSchemasDoNotCrash()
    {
        Json deep = Json{{"type", "string"}};
        for (int i = 0; i < 2000; ++i)
            deep = Json{{"type", "array"}, {"items", std::move(deep)}};
        for (auto target : {exporting::ExportTarget::Zod, exporting::ExportTarget::TypeScript, exporting::ExportTarget::Pydantic}) {
            const auto out = exporting::exportSchema(deep, target);
            QVERIFY(!out.notes.empty()); // "nested too deeply"
        }
        QVERIFY(!exporting::lintForProvider(deep, providers::ProviderKind::OpenAI).empty());
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "test_export.moc"
