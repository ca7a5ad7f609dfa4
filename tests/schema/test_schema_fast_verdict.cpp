// The fast verdict walk (schema/fast_verdict.h) against the generic evaluator it stands in for
// (Evaluator<SimdjsonAdapter, false>), both over one simdjson parse of the same text: they must
// agree on every test of the official JSON-Schema-Test-Suite (every draft folder, optional ones
// included) and on mutations of each test's instance; on examples of every schema in schemas/
// and thousands of mutations of them (missing and extra keys, wrong types, wrong enum case,
// short arrays, numbers at the edges, duplicate keys); on the fuzz seeds; and, when
// CONFORM_FAST_VERDICT_CORPUS names a folder of the validation benchmark's corpora (the
// test_schema_fast_verdict_corpora test makes one with generate.mjs), on every line of them.
// faultsAreCaught plants each deliberate fault in the fast walk (a rule broken on purpose) and
// checks that these same inputs expose it, so a broken keyword cannot pass unnoticed.
#include "json/parse.h"
#include "schema/example.h"
#include "schema/verdict_probe.h"
#include "suite_files.h"

#include <QtTest>

#include <filesystem>
#include <map>
#include <memory>

using namespace conform;
using schema::detail::FastFault;
using schema::detail::VerdictProbe;
namespace fs = std::filesystem;

namespace {

// A schema and the texts to check against it.
struct Case
{
    std::string name;
    std::shared_ptr<const schema::Validator> validator;
    std::vector<std::string> texts;
};

// mulberry32, as the benchmark's generator: the same inputs on every machine.
class Random
{
public:
    explicit Random(std::uint32_t seed) : m_state(seed) {}
    std::uint32_t next()
    {
        m_state += 0x6D2B79F5u;
        std::uint32_t t = m_state;
        t = (t ^ (t >> 15)) * (1u | t);
        t = (t + ((t ^ (t >> 7)) * (61u | t))) ^ t;
        return t ^ (t >> 14);
    }
    std::size_t below(std::size_t n) { return n ? next() % n : 0; }

private:
    std::uint32_t m_state;
};

void collect(Json& value, std::vector<Json*>& out)
{
    out.push_back(&value);
    if (value.is_structured())
        for (auto& child : value)
            collect(child, out);
}

// One random change to one value of `doc`, of the kinds models make and of the edges a
// validator must get right.
void mutate(Json& doc, Random& random)
{
    std::vector<Json*> values;
    collect(doc, values);
    Json& v = *values[random.below(values.size())];
    static const Json replacements[] = {nullptr, true, false, 0, -1, 1.5, 60.0, -0.0, 1e300, 9007199254740993ll,
                                        Json(std::uint64_t(18446744073709551615ull)), std::int64_t(-9223372036854775807ll - 1),
                                        "", "x", "RED", "amber", "Zoë ✓", Json::array(), Json::object(),
                                        Json::array({1, "a", nullptr}), Json::object({{"k", 1}})};
    switch (random.below(8)) {
    case 0: // a member removed
        if (v.is_object() && !v.empty()) {
            auto it = v.begin();
            std::advance(it, random.below(v.size()));
            v.erase(it.key());
            return;
        }
        [[fallthrough]];
    case 1: // a member added
        if (v.is_object()) {
            v[random.below(2) ? "extra" : "x"] = replacements[random.below(std::size(replacements))];
            return;
        }
        [[fallthrough]];
    case 2: // an item removed or repeated
        if (v.is_array() && !v.empty()) {
            if (random.below(2))
                v.erase(random.below(v.size()));
            else
                v.push_back(v[random.below(v.size())]);
            return;
        }
        [[fallthrough]];
    case 3: // a string's case or length changed
        if (v.is_string()) {
            std::string s = v.get<std::string>();
            if (random.below(2))
                for (char& ch : s)
                    ch = char(std::toupper(static_cast<unsigned char>(ch)));
            else
                s = s.substr(0, random.below(s.size() + 1));
            v = s;
            return;
        }
        [[fallthrough]];
    case 4: // a number moved
        if (v.is_number()) {
            const double d = v.get<double>();
            const Json moved[] = {d + 1, d - 1, -d, d / 2, d * 1e6, std::floor(d), d + 0.5};
            v = moved[random.below(std::size(moved))];
            return;
        }
        [[fallthrough]];
    default: // a value of another type or edge
        v = replacements[random.below(std::size(replacements))];
    }
}

// Compact text; a string cut inside a UTF-8 sequence gets U+FFFD there.
std::string textOf(const Json& doc)
{
    return doc.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// The text of `doc` with the first member of one of its objects written twice (a duplicate
// key, which only text can hold), or "" when it has no object member.
std::string withDuplicateKey(const Json& doc, Random& random)
{
    const std::string text = textOf(doc);
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i + 1 < text.size(); ++i)
        if (text[i] == '{' && text[i + 1] == '"')
            starts.push_back(i + 1);
    if (starts.empty())
        return {};
    const std::size_t start = starts[random.below(starts.size())];
    // The first member ends at the first ',' or '}' at depth 0 outside strings.
    int depth = 0;
    bool inString = false;
    for (std::size_t i = start; i < text.size(); ++i) {
        const char ch = text[i];
        if (inString) {
            if (ch == '\\')
                ++i;
            else if (ch == '"')
                inString = false;
            continue;
        }
        if (ch == '"')
            inString = true;
        else if (ch == '{' || ch == '[')
            ++depth;
        else if ((ch == '}' || ch == ']') && depth > 0)
            --depth;
        else if ((ch == ',' || ch == '}') && depth == 0)
            return text.substr(0, i) + "," + text.substr(start, i - start) + text.substr(i);
    }
    return {};
}

// `doc`'s text and `count` mutations of it (one to three changes each, every fourth also with
// a duplicate key).
std::vector<std::string> variants(const Json& doc, int count, std::uint32_t seed)
{
    std::vector<std::string> texts{textOf(doc)};
    Random random(seed);
    for (int i = 0; i < count; ++i) {
        Json copy = doc;
        const int changes = 1 + int(random.below(3));
        for (int c = 0; c < changes; ++c)
            mutate(copy, random);
        texts.push_back(textOf(copy));
        if (i % 4 == 0)
            if (std::string twice = withDuplicateKey(copy, random); !twice.empty())
                texts.push_back(std::move(twice));
    }
    return texts;
}

std::shared_ptr<const schema::Validator> compile(const Json& schema, const schema::CompileOptions& options)
{
    auto compiled = schema::Validator::compile(schema, options);
    return compiled ? std::make_shared<const schema::Validator>(std::move(compiled.value())) : nullptr;
}

// How many texts of `c` the fast walk (with `fault`) and the generic one disagree on; the
// first such text in `first`.
int disagreements(const Case& c, FastFault fault, std::string* first = nullptr, int* compared = nullptr)
{
    int count = 0;
    for (const std::string& text : c.texts) {
        const auto verdicts = VerdictProbe::compare(*c.validator, text, fault);
        if (!verdicts)
            continue;
        if (compared)
            ++*compared;
        if (verdicts->fast != verdicts->generic && count++ == 0 && first)
            *first = text;
    }
    return count;
}

} // namespace

class TestSchemaFastVerdict : public QObject
{
    Q_OBJECT

    std::vector<Case> m_cases;
    std::size_t m_compared = 0; // texts both walks judged, over every case
    schema::Registry m_registry = test::suiteRemotes(CONFORM_SCHEMA_TEST_SUITE);

    void loadSuite(const fs::path& folder, const std::string& draft)
    {
        std::vector<fs::path> files;
        for (const auto& entry : fs::recursive_directory_iterator(folder))
            if (entry.is_regular_file() && entry.path().extension() == ".json")
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        schema::CompileOptions options;
        options.registry = &m_registry;
        options.defaultDraft = draft == "draft7" ? schema::Draft::Draft7 : schema::Draft::Draft2020_12;
        for (const auto& path : files) {
            auto parsed = json::parseStrict(test::readFile(path));
            QVERIFY2(parsed.ok(), path.c_str());
            const bool formats = path.generic_string().find("optional/format") != std::string::npos;
            for (const auto& group : parsed.value()) {
                options.assertFormats = formats;
                auto validator = compile(group["schema"], options);
                if (!validator)
                    continue; // test_schema_suite reports schemas that do not compile
                Case c{draft + "/" + fs::relative(path, folder).generic_string() + ": "
                           + group["description"].get<std::string>(),
                       validator, {}};
                std::uint32_t seed = std::uint32_t(m_cases.size()) * 7919u + 1;
                for (const auto& test : group["tests"]) {
                    auto texts = variants(test["data"], 6, seed++);
                    c.texts.insert(c.texts.end(), texts.begin(), texts.end());
                }
                m_cases.push_back(std::move(c));
            }
        }
    }

    void loadSchemas()
    {
        std::vector<fs::path> files;
        for (const auto& entry : fs::recursive_directory_iterator(fs::path(CONFORM_SOURCE_DIR) / "schemas"))
            if (entry.is_regular_file() && entry.path().filename() == "schema.json")
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        QVERIFY(files.size() >= 3);
        std::vector<std::string> seeds;
        for (const auto& entry : fs::directory_iterator(fs::path(CONFORM_SOURCE_DIR) / "tests/fuzz/corpus"))
            if (entry.is_regular_file())
                seeds.push_back(test::readFile(entry.path()));
        for (const auto& path : files) {
            auto parsed = json::parseStrict(test::readFile(path));
            QVERIFY2(parsed.ok(), path.c_str());
            auto validator = compile(parsed.value(), {});
            QVERIFY2(validator, path.c_str());
            const schema::Example example = schema::makeExample(parsed.value(), validator.get());
            Case c{"schemas/" + path.parent_path().filename().string(), validator,
                   variants(example.value, 3000, 20261127)};
            c.texts.insert(c.texts.end(), seeds.begin(), seeds.end());
            m_cases.push_back(std::move(c));
        }
    }

    void loadCorpora(const fs::path& folder)
    {
        for (const char* name : {"review-structure", "analysis-report", "question-generator"}) {
            auto parsed = json::parseStrict(test::readFile(fs::path(CONFORM_SOURCE_DIR) / "schemas" / name / "schema.json"));
            QVERIFY(parsed.ok());
            Case c{std::string("corpus/") + name, compile(parsed.value(), {}), {}};
            QVERIFY(c.validator);
            const std::string text = test::readFile(folder / (std::string(name) + ".jsonl"));
            for (std::size_t at = 0; at < text.size();) {
                const std::size_t end = std::min(text.find('\n', at), text.size());
                c.texts.push_back(text.substr(at, end - at));
                at = end + 1;
            }
            QVERIFY2(c.texts.size() >= 100, name);
            m_cases.push_back(std::move(c));
        }
    }

private slots:
    void initTestCase()
    {
        const fs::path tests = fs::path(CONFORM_SCHEMA_TEST_SUITE) / "tests";
        loadSuite(tests / "draft2020-12", "draft2020-12");
        loadSuite(tests / "draft7", "draft7");
        loadSchemas();
        if (const QByteArray corpus = qgetenv("CONFORM_FAST_VERDICT_CORPUS"); !corpus.isEmpty())
            loadCorpora(corpus.toStdString());
        QVERIFY(m_cases.size() > 700);
    }

    // Every case: the fast verdict is the generic one on every text simdjson takes.
    void agrees_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < m_cases.size(); ++i)
            QTest::newRow((std::to_string(i) + " " + m_cases[i].name).c_str()) << int(i);
    }

    void agrees()
    {
        QFETCH(int, index);
        const Case& c = m_cases[index];
        std::string first;
        int compared = 0;
        const int differ = disagreements(c, FastFault::None, &first, &compared);
        m_compared += std::size_t(compared);
        QVERIFY2(differ == 0, (std::to_string(differ) + " of " + std::to_string(compared)
                               + " texts differ; the first: " + first.substr(0, 400)).c_str());
    }

    // Each planted fault changes some verdict on these same inputs.
    void faultsAreCaught_data()
    {
        QTest::addColumn<int>("fault");
        QTest::newRow("maxItems off by one") << int(FastFault::MaxItemsOffByOne);
        QTest::newRow("enum ignored") << int(FastFault::EnumIgnored);
        QTest::newRow("required ignored") << int(FastFault::RequiredIgnored);
        QTest::newRow("extra keys allowed") << int(FastFault::ExtraKeysAllowed);
        QTest::newRow("minimum ignored") << int(FastFault::MinimumIgnored);
    }

    void faultsAreCaught()
    {
        QFETCH(int, fault);
        int caught = 0;
        for (const Case& c : m_cases)
            caught += disagreements(c, FastFault(fault));
        QVERIFY2(caught > 0, "the planted fault changed no verdict");
        qInfo("%d verdicts changed", caught);
    }

    void cleanupTestCase()
    {
        qInfo("%zu texts compared in %zu cases", m_compared, m_cases.size());
        if (QTest::currentTestFailed() || m_compared == 0)
            return; // only a full run (no function picked) compares them all
        QVERIFY(m_compared > 40000);
    }
};

QTEST_GUILESS_MAIN(TestSchemaFastVerdict)
#include "test_schema_fast_verdict.moc"
