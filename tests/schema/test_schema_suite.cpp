// The official JSON-Schema-Test-Suite (draft 2020-12 and draft 7, required tests), read from
// CONFORM_SCHEMA_TEST_SUITE. Every test checks the entry points (validate, accepts,
// acceptsText) against the expected verdict, and validateText's issues against validate's.
// Failures we know about are listed, with their reason, in known_failures.txt; an unlisted
// failure fails this test, and each draft must pass at least 99.5% of its tests (run by that
// draft's rules: the suite's draft7 folder with draft 7 as the default draft). The optional/format/ tests always run, with "format"
// asserted as they require, counted apart (at least 99%). The optional files on patterns
// (ecmascript-regex.json, non-bmp-regex.json) always run as required tests, counted apart:
// ajv passes all of them. With CONFORM_SUITE_OPTIONAL=1 in the environment the other
// optional/ tests run too, counted apart, never failing the run.
#include "json/parse.h"
#include "schema/schema.h"
#include "suite_files.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace conform;
namespace fs = std::filesystem;

namespace {

struct SuiteTest
{
    std::string draft, file, caseName, testName;
    const Json* schema = nullptr;
    Json instance;
    bool valid = false;
    std::string id() const { return draft + "/" + file + ": " + caseName + ": " + testName; }
};

using test::readFile;

schema::Registry remotes()
{
    return test::suiteRemotes(CONFORM_SCHEMA_TEST_SUITE);
}

std::set<std::string> knownFailures()
{
    return test::listedIds(fs::path(CONFORM_SOURCE_DIR) / "tests/schema/known_failures.txt");
}

} // namespace

class TestSchemaSuite : public QObject
{
    Q_OBJECT

    std::vector<std::unique_ptr<Json>> m_documents;
    std::vector<SuiteTest> m_tests;
    schema::Registry m_registry = remotes();
    std::set<std::string> m_known = knownFailures();
    std::map<const Json*, std::optional<schema::Validator>> m_compiled;
    std::map<std::string, std::pair<int, int>> m_counts; // draft -> (passed, total)

    // The optional files on patterns, which run as required ones: ajv passes every test in
    // them, and so must Conform (the manual, resources/manual/designing-a-schema.md, "How a schema is read").
    static bool isRegexFile(const fs::path& path)
    {
        return path.filename() == "ecmascript-regex.json" || path.filename() == "non-bmp-regex.json";
    }
    enum class Files { All, RegexOnly, AllButRegex };

    void load(const std::string& draft, const std::string& folder, Files which = Files::All)
    {
        const fs::path dir = fs::path(CONFORM_SCHEMA_TEST_SUITE) / "tests" / folder;
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.is_regular_file() && entry.path().extension() == ".json"
                && (which == Files::All || (which == Files::RegexOnly) == isRegexFile(entry.path())))
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const auto& path : files) {
            auto parsed = json::parseStrict(readFile(path));
            QVERIFY2(parsed.ok(), path.c_str());
            for (const auto& group : parsed.value()) {
                m_documents.push_back(std::make_unique<Json>(group["schema"]));
                for (const auto& test : group["tests"])
                    m_tests.push_back({draft, path.filename().string(), group["description"].get<std::string>(),
                                       test["description"].get<std::string>(), m_documents.back().get(),
                                       test["data"], test["valid"].get<bool>()});
            }
        }
    }

    // Compiles each case's schema once; nullopt when it does not compile.
    const std::optional<schema::Validator>& validatorFor(const SuiteTest& t)
    {
        auto it = m_compiled.find(t.schema);
        if (it != m_compiled.end())
            return it->second;
        schema::CompileOptions options;
        options.registry = &m_registry;
        options.defaultDraft = t.draft.rfind("draft7", 0) == 0 ? schema::Draft::Draft7 : schema::Draft::Draft2020_12;
        // The drafts make "format" an annotation; only optional/format/ asks for assertion.
        options.assertFormats = t.draft.find("optional/format") != std::string::npos;
        auto compiled = schema::Validator::compile(*t.schema, options);
        if (!compiled)
            qWarning("%s: does not compile: %s", t.id().c_str(), compiled.error().toString().c_str());
        return m_compiled[t.schema] = compiled ? std::optional(compiled.value()) : std::nullopt;
    }

    // The verdict of all three entry points, or a description of their disagreement.
    std::optional<bool> verdict(const SuiteTest& t)
    {
        const auto& validator = validatorFor(t);
        if (!validator)
            return std::nullopt;
        const schema::ValidationResult byValidate = validator->validate(t.instance);
        const bool byAccepts = validator->accepts(t.instance);
        const bool byText = validator->acceptsText(t.instance.dump());
        // Issues read from the text in place must be the issues of the tree, one for one.
        const auto issuesByText = validator->validateText(t.instance.dump());
        if (!issuesByText || issuesByText->toJson() != byValidate.toJson()) {
            qWarning("%s: validateText differs from validate", t.id().c_str());
            return std::nullopt;
        }
        if (byValidate.valid != byAccepts || byAccepts != byText)
            return std::nullopt;
        return byAccepts;
    }

private slots:
    void initTestCase()
    {
        load("draft2020-12", "draft2020-12");
        load("draft7", "draft7");
        load("draft2020-12/optional/format", "draft2020-12/optional/format");
        load("draft7/optional/format", "draft7/optional/format");
        load("draft2020-12 (regex)", "draft2020-12/optional", Files::RegexOnly);
        load("draft7 (regex)", "draft7/optional", Files::RegexOnly);
        if (qEnvironmentVariableIntValue("CONFORM_SUITE_OPTIONAL")) {
            load("draft2020-12/optional", "draft2020-12/optional", Files::AllButRegex);
            load("draft7/optional", "draft7/optional", Files::AllButRegex);
        }
        QVERIFY(m_tests.size() > 2000);
    }

    void suite_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < m_tests.size(); ++i)
            QTest::newRow(m_tests[i].id().c_str()) << int(i);
    }

    void suite()
    {
        QFETCH(int, index);
        const SuiteTest& t = m_tests[index];
        const std::optional<bool> got = verdict(t);
        const bool pass = got && *got == t.valid;
        auto& [passed, total] = m_counts[t.draft];
        ++total;
        passed += pass;
        // Optional tests and the listed known failures are expected to fail where they do
        // (the percentages in cleanupTestCase hold the line); a listed one that passes says so.
        const bool optional = t.draft.find("optional") != std::string::npos;
        if (m_known.count(t.id()) && pass)
            qInfo("listed in known_failures.txt but passes now: %s", t.id().c_str());
        if ((optional || m_known.count(t.id())) && !pass)
            QEXPECT_FAIL("", optional ? "optional test" : "known failure (known_failures.txt)", Continue);
        QVERIFY2(pass, (t.id() + (got ? " -> wrong verdict" : " -> no verdict (see warnings)")).c_str());
    }

    void cleanupTestCase()
    {
        for (const auto& [draft, counts] : m_counts) {
            const auto [passed, total] = counts;
            qInfo("%s: %d of %d passed (%.2f%%)", draft.c_str(), passed, total, 100.0 * passed / total);
            if (draft.find("optional") == std::string::npos)
                QVERIFY2(passed * 1000 >= total * 995, draft.c_str()); // each draft by its own rules
            else if (draft.find("optional/format") != std::string::npos)
                QVERIFY2(passed * 100 >= total * 99, draft.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestSchemaSuite)
#include "test_schema_suite.moc"
