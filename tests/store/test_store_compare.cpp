// `conform-cli compare --from-store`: prompt versions of known outcomes on both backends. The
// expected p-values are SciPy's (scipy.stats.fisher_exact on the same tables), the counts
// are the ones written here.
#include "capture_fixture.h"
#include "postgres_cluster.h"
#include "test_registry.h"

#include "cli_in_process.h"
#include "store/store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace conform;

namespace {

// `successes` valid runs and `runs − successes` failed ones, all asking `user`: one prompt
// version. Ids are derived from the version and the run's number, so no two collide.
void writeVersion(QFile& out, const std::string& user, int runs, int successes, int& serial)
{
    const std::vector<Json> templates = fixtureDocuments();
    for (int i = 0; i < runs; ++i) {
        Json document = templates[i < successes ? 0 : 3]; // a valid run, a failed (truncated) one
        char id[64];
        std::snprintf(id, sizeof id, "00000000-0000-7000-9000-%012d", ++serial);
        document["id"] = id;
        document["labels"] = Json::object();
        document["spec"]["prompt"]["user"] = user;
        out.write(QByteArray::fromStdString(dump(document) + '\n'));
    }
}

} // namespace

class StoreCompareTest : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    // Three prompt versions: v1 162 of 200 succeed, v2 184 of 200, v3 163 of 200.
    QString storeWithThreeVersions(const QString& backend)
    {
        const QString location = freshStore(backend, QStringLiteral("compare"));
        const QString file = m_dir.filePath(QStringLiteral("versions.jsonl"));
        QFile out(file);
        out.open(QIODevice::WriteOnly | QIODevice::Truncate);
        int serial = 0;
        writeVersion(out, "Who is there? (v1)", 200, 162, serial);
        writeVersion(out, "Who is there? (v2)", 200, 184, serial);
        writeVersion(out, "Who is there? (v3)", 200, 163, serial);
        out.close();
        const CliRun imported = runCliInProcess({QStringLiteral("captures"), QStringLiteral("import"), file, QStringLiteral("--store"), location});
        return imported.code == 0 ? location : QString();
    }

    // The prompt hash of a version, from the store's own listing of its captures.
    std::string promptHashOf(const QString& location, const std::string& id)
    {
        const CliRun show = runCliInProcess({QStringLiteral("captures"), QStringLiteral("list"), QStringLiteral("--store"), location, QStringLiteral("--json"),
                                             QStringLiteral("--limit"), QStringLiteral("1000")});
        for (std::size_t at = 0, end; (end = show.out.find('\n', at)) != std::string::npos; at = end + 1) {
            const Json line = Json::parse(show.out.substr(at, end - at));
            if (line.value("id", "") == id)
                return line.value("prompt_hash", "");
        }
        return {};
    }

private slots:
    void versionsAgainstABaseline_data() { addBackendRows(); }
    void versionsAgainstABaseline()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgres"))
            REQUIRE_POSTGRES(PostgresCluster::shared());
        const QString location = storeWithThreeVersions(backend);
        QVERIFY(!location.isEmpty());
        const std::string v1 = promptHashOf(location, "00000000-0000-7000-9000-000000000001");
        const std::string v2 = promptHashOf(location, "00000000-0000-7000-9000-000000000201");
        const std::string v3 = promptHashOf(location, "00000000-0000-7000-9000-000000000401");
        QVERIFY(!v1.empty() && !v2.empty() && !v3.empty() && v1 != v2 && v2 != v3);

        // The versions the store has seen (Compare's "Add from history"): newest first, with
        // their counts and their newest capture, which holds the version's text.
        {
            auto parsed = store::StoreLocation::parse(location);
            QVERIFY(parsed);
            auto opened = store::Store::open(parsed.value(), store::OpenOptions{false});
            QVERIFY(opened);
            auto versions = opened.value()->versions("prompt", {}, 10);
            QVERIFY2(versions, versions ? "" : versions.error().toString().c_str());
            QCOMPARE(versions->size(), std::size_t(3));
            QCOMPARE(versions.value()[0].hash, v3);
            QCOMPARE(versions.value()[1].hash, v2);
            QCOMPARE(versions.value()[2].hash, v1);
            for (const store::Version& v : versions.value()) {
                QCOMPARE(v.captures, std::int64_t(200));
                QCOMPARE(promptHashOf(location, v.lastCaptureId), v.hash);
            }
            QCOMPARE(opened.value()->versions("prompt", {}, 1)->size(), std::size_t(1));
            QVERIFY(!opened.value()->versions("model", {}, 1));
        }

        const QStringList compare{QStringLiteral("compare"), QStringLiteral("--from-store"), QStringLiteral("--store"), location, QStringLiteral("--by"),
                                  QStringLiteral("prompt"), QStringLiteral("--baseline"), QString::fromStdString(v1.substr(0, 8))};
        const CliRun run = runCliInProcess(compare + QStringList{QStringLiteral("--json")});
        QVERIFY2(run.code == 0, run.err.c_str());
        const Json report = Json::parse(run.out);
        QCOMPARE(report["baseline"].get<std::string>(), v1);
        QCOMPARE(report["variants"].size(), std::size_t(3));
        for (const Json& variant : report["variants"]) {
            const std::string name = variant["name"];
            if (name == v1) {
                QCOMPARE(variant["verdict"].get<std::string>(), std::string("baseline"));
                QCOMPARE(variant["final_success"]["successes"].get<int>(), 162);
                // gpt-4o-mini at $0.15 in and $0.60 out per million: a valid run (10 in, 5 out)
                // costs 4.5 µ$, a failed one (30 in, 15 out) 13.5 µ$; 162 × 4.5 + 38 × 13.5 =
                // 1,242 µ$ over 162 valid results.
                QVERIFY(std::fabs(variant["cost"]["total_usd"].get<double>() - 1242e-6) < 1e-12);
                QVERIFY(std::fabs(variant["cost"]["per_valid_result_usd"].get<double>() - 1242e-6 / 162) < 1e-12);
                continue;
            }
            const Json& vs = variant["vs_baseline"];
            // SciPy: fisher_exact([[162, 38], [184, 16]]) p = 0.00190640235006;
            // fisher_exact([[162, 38], [163, 37]]) p = 1.0. Holm over two: 0.0038128, 1.0.
            if (name == v2) {
                // 184 × 4.5 + 16 × 13.5 = 1,044 µ$ over 184 valid results.
                QVERIFY(std::fabs(variant["cost"]["per_valid_result_usd"].get<double>() - 1044e-6 / 184) < 1e-12);
                QVERIFY(std::fabs(vs["p_value"].get<double>() - 0.00190640235006) < 1e-9);
                QVERIFY(std::fabs(vs["adjusted_p_value"].get<double>() - 0.00381280470012) < 1e-9);
                QCOMPARE(variant["verdict"].get<std::string>(), std::string("better"));
            } else {
                QCOMPARE(name, v3);
                QCOMPARE(vs["p_value"].get<double>(), 1.0);
                QCOMPARE(variant["verdict"].get<std::string>(), std::string("cannot_tell_yet"));
                QVERIFY(vs.contains("runs_to_detect_5_points"));
            }
        }
        QCOMPARE(report["regression"].get<bool>(), false);

        // The table and the sentences a person reads.
        const CliRun text = runCliInProcess(compare);
        QCOMPARE(text.code, 0);
        qInfo("%s", text.out.c_str());
        QVERIFY2(text.out.find("is better than") != std::string::npos, text.out.c_str());
        QVERIFY2(text.out.find("92.0% vs 81.0% final success over 200 runs each (Fisher's exact p = 0.0019") != std::string::npos, text.out.c_str());
        QVERIFY2(text.out.find("no detectable difference between") != std::string::npos, text.out.c_str());
        const CliRun markdown = runCliInProcess(compare + QStringList{QStringLiteral("--markdown")});
        QCOMPARE(markdown.code, 0);
        QVERIFY(markdown.out.find("| --- |") != std::string::npos);

        // A CI guard: v1 against v2 is a real regression; v3 against v1 is noise.
        const QStringList guard{QStringLiteral("compare"), QStringLiteral("--from-store"), QStringLiteral("--store"), location,
                                QStringLiteral("--by"), QStringLiteral("prompt"), QStringLiteral("--fail-on-regression")};
        QCOMPARE(runCliInProcess(guard + QStringList{QStringLiteral("--baseline"), QString::fromStdString(v2)}).code, 1);
        QCOMPARE(runCliInProcess(guard + QStringList{QStringLiteral("--baseline"), QString::fromStdString(v1),
                                                     QStringLiteral("--prompt-hash"), QString::fromStdString(v1)}).code, 2); // one variant left
        QCOMPARE(runCliInProcess(guard + QStringList{QStringLiteral("--baseline"), QString::fromStdString(v1)}).code, 0);
    }

    // `compare FILE` on the offline demo pairs (schemas/*.compare.json), under five seeds: v2
    // against v1 (about 5% against 30% of runs leave out a field) is significant every time,
    // v3 against v2 (both about 5%) never. The expected counts come from an independent
    // SplitMix64 in Python (the draw scenario.h describes, 100 sessions per variant); the
    // p-values are SciPy's fisher_exact on them (two-sided).
    void offlineDemoPairsOverSeeds_data()
    {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("v1");
        QTest::addColumn<int>("v2");
        QTest::addColumn<int>("v3");
        QTest::addColumn<double>("p12");
        QTest::addColumn<double>("p23");
        QTest::newRow("seed 1") << 1 << 71 << 95 << 95 << 7.152373941063284e-06 << 1.0;
        QTest::newRow("seed 2") << 2 << 68 << 96 << 95 << 1.8960341143647347e-07 << 1.0;
        QTest::newRow("seed 3") << 3 << 67 << 98 << 97 << 2.157387056674341e-09 << 1.0;
        QTest::newRow("seed 4") << 4 << 71 << 95 << 97 << 7.152373941063284e-06 << 0.72093855483014;
        QTest::newRow("seed 5") << 5 << 70 << 97 << 97 << 1.686116248001517e-07 << 1.0;
    }
    void offlineDemoPairsOverSeeds()
    {
        QFETCH(int, seed);
        QFETCH(int, v1);
        QFETCH(int, v2);
        QFETCH(int, v3);
        QFETCH(double, p12);
        QFETCH(double, p23);
        const QString location = m_dir.filePath(QStringLiteral("demo-%1.db").arg(seed));
        const auto compare = [&](const char* file) {
            const CliRun run = runCliInProcess({QStringLiteral("compare"), QStringLiteral(CONFORM_SOURCE_DIR "/schemas/") + QLatin1String(file),
                                                QStringLiteral("--seed"), QString::number(seed), QStringLiteral("--store"), location,
                                                QStringLiteral("--json"), QStringLiteral("--fail-on-regression")});
            return std::make_pair(run.code, Json::parse(run.out, nullptr, false));
        };
        const auto variantNamed = [](const Json& report, const std::string& name) {
            for (const Json& v : report["comparisons"][0]["variants"])
                if (v["name"] == name)
                    return v;
            return Json();
        };
        const auto [significantCode, significant] = compare("drift-prompts.compare.json");
        QVERIFY2(significant.is_object(), "no report");
        QCOMPARE(significantCode, 0); // better is no regression
        QCOMPARE(significant["runs"].get<int>(), 200);
        QCOMPARE(variantNamed(significant, "v1")["final_success"]["successes"].get<int>(), v1);
        const Json better = variantNamed(significant, "v2");
        QCOMPARE(better["final_success"]["successes"].get<int>(), v2);
        QCOMPARE(better["verdict"].get<std::string>(), std::string("better"));
        QVERIFY2(std::fabs(better["vs_baseline"]["p_value"].get<double>() / p12 - 1) < 1e-6, better.dump().c_str());
        QVERIFY(better["sentence"].get<std::string>().find("is better than v1") != std::string::npos);

        const auto [nullCode, null] = compare("drift-rewording.compare.json");
        QVERIFY2(null.is_object(), "no report");
        QCOMPARE(nullCode, 0);
        QCOMPARE(variantNamed(null, "v2")["final_success"]["successes"].get<int>(), v2);
        const Json same = variantNamed(null, "v3");
        QCOMPARE(same["final_success"]["successes"].get<int>(), v3);
        QCOMPARE(same["verdict"].get<std::string>(), std::string("cannot_tell_yet"));
        QVERIFY2(std::fabs(same["vs_baseline"]["p_value"].get<double>() / p23 - 1) < 1e-6, same.dump().c_str());
        QVERIFY(same["sentence"].get<std::string>().find("more runs per variant would detect 5 points") != std::string::npos);

        // The same two models from flags: one prompt, two targets, so the targets are compared
        // (the baseline by default the first of the two with the most runs, by name).
        QFile prompt(m_dir.filePath(QStringLiteral("ask.md")));
        QVERIFY(prompt.open(QIODevice::WriteOnly));
        prompt.write("Did the interviewee answer the question?");
        prompt.close();
        const CliRun flags = runCliInProcess({QStringLiteral("compare"), QStringLiteral("--schema"), QStringLiteral(CONFORM_SOURCE_DIR "/schemas/drift-detector/schema.json"),
                                              QStringLiteral("--prompt"), prompt.fileName(), QStringLiteral("--target"), QStringLiteral("scenario:drift-prompt-v1"),
                                              QStringLiteral("--target"), QStringLiteral("scenario:drift-prompt-v2"), QStringLiteral("--repeat"), QStringLiteral("100"),
                                              QStringLiteral("--seed"), QString::number(seed), QStringLiteral("--store"), location, QStringLiteral("--json")});
        QVERIFY2(flags.code == 0, flags.err.c_str());
        const Json byTarget = Json::parse(flags.out, nullptr, false);
        QCOMPARE(byTarget["comparisons"][0]["by"].get<std::string>(), std::string("target"));
        QCOMPARE(variantNamed(byTarget, "scenario/drift-prompt-v1")["final_success"]["successes"].get<int>(), v1);
        const Json betterTarget = variantNamed(byTarget, "scenario/drift-prompt-v2");
        QCOMPARE(betterTarget["final_success"]["successes"].get<int>(), v2);
        QCOMPARE(betterTarget["verdict"].get<std::string>(), std::string("better"));
        QVERIFY(std::fabs(betterTarget["vs_baseline"]["p_value"].get<double>() / p12 - 1) < 1e-6);

        // v1 against v2 as the baseline is a regression a CI guard catches.
        const CliRun guard = runCliInProcess({QStringLiteral("compare"), QStringLiteral(CONFORM_SOURCE_DIR "/schemas/drift-prompts.compare.json"),
                                              QStringLiteral("--seed"), QString::number(seed), QStringLiteral("--store"), location,
                                              QStringLiteral("--baseline"), QStringLiteral("v2"), QStringLiteral("--fail-on-regression")});
        QCOMPARE(guard.code, 1);
        QVERIFY2(guard.out.find("v1 is worse than v2") != std::string::npos, guard.out.c_str());
    }

    void usageErrorsAreOneLine_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("no source") << QStringList{QStringLiteral("--by"), QStringLiteral("prompt")};
        QTest::newRow("no --by") << QStringList{QStringLiteral("--from-store")};
        QTest::newRow("two fields") << QStringList{QStringLiteral("--from-store"), QStringLiteral("--by"), QStringLiteral("prompt,model")};
        QTest::newRow("unknown field") << QStringList{QStringLiteral("--from-store"), QStringLiteral("--by"), QStringLiteral("colour")};
        QTest::newRow("unknown baseline") << QStringList{QStringLiteral("--from-store"), QStringLiteral("--by"), QStringLiteral("prompt"),
                                                         QStringLiteral("--baseline"), QStringLiteral("nope")};
        QTest::newRow("prompt without schema") << QStringList{QStringLiteral("--prompt"), QStringLiteral("v1.md"), QStringLiteral("--target"),
                                                              QStringLiteral("scenario:drift-prompt-v1")};
        QTest::newRow("prompt and a file") << QStringList{QStringLiteral("x.compare.json"), QStringLiteral("--prompt"), QStringLiteral("v1.md")};
        QTest::newRow("file and from-store") << QStringList{QStringLiteral("x.compare.json"), QStringLiteral("--from-store")};
        QTest::newRow("missing file") << QStringList{QStringLiteral("/nonexistent/x.compare.json")};
        QTest::newRow("json and markdown") << QStringList{QStringLiteral("--from-store"), QStringLiteral("--by"), QStringLiteral("prompt"),
                                                          QStringLiteral("--json"), QStringLiteral("--markdown")};
    }
    void usageErrorsAreOneLine()
    {
        QFETCH(QStringList, arguments);
        const QString location = storeWithThreeVersions(QStringLiteral("sqlite"));
        QVERIFY(!location.isEmpty());
        const CliRun run = runCliInProcess(QStringList{QStringLiteral("compare"), QStringLiteral("--store"), location} + arguments);
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.rfind("conform-cli: error: ", 0) == 0, run.err.c_str());
        QCOMPARE(std::count(run.err.begin(), run.err.end(), '\n'), 1);
        QVERIFY(run.out.empty());
    }
};

CONFORM_TEST_CLASS(StoreCompareTest);
#include "test_store_compare.moc"
