// Every expected value comes from outside Conform: Wilson intervals, Fisher's exact and the
// z-test from SciPy 1.10 (scipy.stats.binomtest(...).proportion_ci(method="wilson"),
// fisher_exact, norm.sf), the difference intervals from Newcombe (1998), "Interval estimation
// for the difference between independent proportions", Table II, method 10, and the rest
// worked by hand in the comments beside them.
#include "stats/prices.h"
#include "stats/stats.h"

#include <QTest>

#include <cmath>

using namespace conform::stats;
using conform::Json;

class TestStats : public QObject
{
    Q_OBJECT

private slots:
    void normalQuantileMatchesTables_data()
    {
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("expected");
        QTest::newRow("0.975") << 0.975 << 1.959963984540054;
        QTest::newRow("0.8") << 0.8 << 0.841621233572914;
        QTest::newRow("0.001") << 0.001 << -3.090232306167813;
        QTest::newRow("1e-10") << 1e-10 << -6.361340902404;
        QTest::newRow("0.5") << 0.5 << 0.0;
    }
    void normalQuantileMatchesTables()
    {
        QFETCH(double, p);
        QFETCH(double, expected);
        QVERIFY2(std::fabs(normalQuantile(p) - expected) < 1e-9, qPrintable(QString::number(normalQuantile(p), 'g', 15)));
        QVERIFY(std::fabs(normalCdf(expected) - p) < 1e-12);
    }

    void wilsonMatchesScipy_data()
    {
        QTest::addColumn<qint64>("k");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::newRow("9 of 10") << qint64(9) << qint64(10) << 0.595849973205 << 0.982123786905;
        QTest::newRow("900 of 1000") << qint64(900) << qint64(1000) << 0.879848036805 << 0.917090556407;
        QTest::newRow("0 of 10") << qint64(0) << qint64(10) << 0.0 << 0.277532799863;
        QTest::newRow("10 of 10") << qint64(10) << qint64(10) << 0.722467200137 << 1.0;
        QTest::newRow("1 of 1") << qint64(1) << qint64(1) << 0.206549314377 << 1.0;
        QTest::newRow("0 of 1") << qint64(0) << qint64(1) << 0.0 << 0.793450685623;
        QTest::newRow("184 of 200") << qint64(184) << qint64(200) << 0.874010511733 << 0.950159414110;
        QTest::newRow("nothing run") << qint64(0) << qint64(0) << 0.0 << 1.0;
    }
    void wilsonMatchesScipy()
    {
        QFETCH(qint64, k);
        QFETCH(qint64, n);
        QFETCH(double, low);
        QFETCH(double, high);
        const Interval interval = wilson(k, n);
        QVERIFY2(std::fabs(interval.low - low) < 1e-10, qPrintable(QString::number(interval.low, 'g', 12)));
        QVERIFY2(std::fabs(interval.high - high) < 1e-10, qPrintable(QString::number(interval.high, 'g', 12)));
    }

    void differenceIntervalMatchesNewcombe_data()
    {
        QTest::addColumn<qint64>("kb");
        QTest::addColumn<qint64>("nb");
        QTest::addColumn<qint64>("ka");
        QTest::addColumn<qint64>("na");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        // Newcombe's examples (a)-(d) and two of his boundary cases, to his four decimals.
        QTest::newRow("56/70 - 48/80") << qint64(56) << qint64(70) << qint64(48) << qint64(80) << 0.0524 << 0.3339;
        QTest::newRow("9/10 - 3/10") << qint64(9) << qint64(10) << qint64(3) << qint64(10) << 0.1705 << 0.8090;
        QTest::newRow("6/7 - 2/7") << qint64(6) << qint64(7) << qint64(2) << qint64(7) << 0.0582 << 0.8062;
        QTest::newRow("5/56 - 0/29") << qint64(5) << qint64(56) << qint64(0) << qint64(29) << -0.0381 << 0.1926;
        QTest::newRow("0/10 - 0/20") << qint64(0) << qint64(10) << qint64(0) << qint64(20) << -0.1611 << 0.2775;
        QTest::newRow("10/10 - 0/20") << qint64(10) << qint64(10) << qint64(0) << qint64(20) << 0.6791 << 1.0;
    }
    void differenceIntervalMatchesNewcombe()
    {
        QFETCH(qint64, kb);
        QFETCH(qint64, nb);
        QFETCH(qint64, ka);
        QFETCH(qint64, na);
        QFETCH(double, low);
        QFETCH(double, high);
        const Interval interval = differenceInterval({ka, na}, {kb, nb});
        QVERIFY2(std::fabs(interval.low - low) < 5e-5, qPrintable(QString::number(interval.low, 'f', 5)));
        QVERIFY2(std::fabs(interval.high - high) < 5e-5, qPrintable(QString::number(interval.high, 'f', 5)));
    }

    void pValuesMatchScipy_data()
    {
        QTest::addColumn<qint64>("ka");
        QTest::addColumn<qint64>("na");
        QTest::addColumn<qint64>("kb");
        QTest::addColumn<qint64>("nb");
        QTest::addColumn<double>("fisher");
        QTest::addColumn<double>("z");
        QTest::newRow("81% vs 92% of 200") << qint64(162) << qint64(200) << qint64(184) << qint64(200) << 0.00190640235006 << 0.00128649224087;
        QTest::newRow("3 vs 9 of 10") << qint64(3) << qint64(10) << qint64(9) << qint64(10) << 0.0197666110979 << 0.00616989932054;
        QTest::newRow("0 vs 5 of 5") << qint64(0) << qint64(5) << qint64(5) << qint64(5) << 0.00793650793651 << 0.001565402258;
        QTest::newRow("equal") << qint64(50) << qint64(100) << qint64(50) << qint64(100) << 1.0 << 1.0;
        QTest::newRow("81 vs 92 of 100") << qint64(81) << qint64(100) << qint64(92) << qint64(100) << 0.0370201951698 << 0.0228364468403;
        QTest::newRow("1 vs 0 of 20") << qint64(1) << qint64(20) << qint64(0) << qint64(20) << 1.0 << 0.311184668823;
        QTest::newRow("70% vs 95% of 1000") << qint64(700) << qint64(1000) << qint64(950) << qint64(1000) << 8.12488968518e-53 << 5.37910431105e-49;
        QTest::newRow("95.0% vs 94.5% of 10000") << qint64(9500) << qint64(10000) << qint64(9450) << qint64(10000) << 0.120265903187 << 0.112919506224;
        QTest::newRow("all succeed") << qint64(10) << qint64(10) << qint64(20) << qint64(20) << 1.0 << 1.0;
        QTest::newRow("one side empty") << qint64(0) << qint64(0) << qint64(3) << qint64(4) << 1.0 << 1.0;
    }
    void pValuesMatchScipy()
    {
        QFETCH(qint64, ka);
        QFETCH(qint64, na);
        QFETCH(qint64, kb);
        QFETCH(qint64, nb);
        QFETCH(double, fisher);
        QFETCH(double, z);
        const double f = fisherExactTwoSided({ka, na}, {kb, nb}), zp = twoProportionZTest({ka, na}, {kb, nb});
        QVERIFY2(std::fabs(f - fisher) <= 1e-8 * std::max(fisher, 1e-300) + 1e-12, qPrintable(QString::number(f, 'g', 12)));
        QVERIFY2(std::fabs(zp - z) <= 1e-8 * std::max(z, 1e-300) + 1e-12, qPrintable(QString::number(zp, 'g', 12)));
        // The test is symmetric in its two groups.
        QVERIFY(std::fabs(fisherExactTwoSided({kb, nb}, {ka, na}) - f) <= 1e-9 * f + 1e-12);
    }

    void compareChoosesTheExactTestUpToTheLimit()
    {
        const Comparison small = compareProportions({162, 200}, {184, 200});
        QCOMPARE(small.test, Test::FisherExact);
        QVERIFY(std::fabs(small.difference - 0.11) < 1e-12);
        QVERIFY(small.interval.low > 0 && small.interval.high > small.interval.low);
        const Comparison large = compareProportions({9500, 10001}, {9450, 10001});
        QCOMPARE(large.test, Test::TwoProportionZ);
    }

    void holmMatchesHandWork_data()
    {
        QTest::addColumn<QList<double>>("p");
        QTest::addColumn<QList<double>>("adjusted");
        // Sorted 0.01, 0.03, 0.04: ×3 = 0.03, ×2 = 0.06, ×1 = 0.04 → monotone 0.06.
        QTest::newRow("three") << QList<double>{0.01, 0.04, 0.03} << QList<double>{0.03, 0.06, 0.06};
        // Sorted 0.005, 0.02, 0.5, 0.9: 0.02, 0.06, 1.0 (capped), 0.9 → monotone 1.0.
        QTest::newRow("capped") << QList<double>{0.9, 0.005, 0.5, 0.02} << QList<double>{1.0, 0.02, 1.0, 0.06};
        QTest::newRow("one") << QList<double>{0.04} << QList<double>{0.04};
        QTest::newRow("none") << QList<double>{} << QList<double>{};
    }
    void holmMatchesHandWork()
    {
        QFETCH(QList<double>, p);
        QFETCH(QList<double>, adjusted);
        const std::vector<double> result = holmAdjust(std::vector<double>(p.begin(), p.end()));
        QCOMPARE(result.size(), std::size_t(adjusted.size()));
        for (qsizetype i = 0; i < adjusted.size(); ++i)
            QVERIFY2(std::fabs(result[std::size_t(i)] - adjusted[i]) < 1e-12, qPrintable(QString::number(i)));
    }

    void runsToDetectMatchesTheFormula()
    {
        // 50% → 60%, two-sided 5%, 80% power: p̄ = 0.55;
        // (1.95996·√(2·0.55·0.45) + 0.84162·√(0.25 + 0.24))² / 0.1² = 387.3 → 388 per variant.
        QCOMPARE(runsToDetect(0.5, 0.1).value_or(-1), qint64(388));
        // 90% → 95%: p̄ = 0.925; (1.95996·0.37249 + 0.84162·0.37081)² / 0.0025 = 434.4 → 435.
        QCOMPARE(runsToDetect(0.9, 0.05).value_or(-1), qint64(435));
        QVERIFY(!runsToDetect(0.98, 0.05).has_value()); // past 100%
        QVERIFY(!runsToDetect(0.5, 0.0).has_value());
    }

    void meansAndPercentiles()
    {
        // Mean 2.5, s² = Σ(x − 2.5)²/3 = 5/3, half-width 1.95996·√(5/3)/2 = 1.26515.
        const MeanEstimate mean = meanOf({1, 2, 3, 4});
        QCOMPARE(mean.mean, 2.5);
        QVERIFY(std::fabs(mean.interval.high - 3.76515) < 1e-5);
        const MeanEstimate sums = meanFromSums(4, 10, 30);
        QVERIFY(std::fabs(sums.interval.low - mean.interval.low) < 1e-12);
        QCOMPARE(meanOf({}).count, qint64(0));

        // 100 values 1..100, median: nearest rank 50; ranks 50 ∓ 1.95996·5 = 40.2, 59.8 →
        // floor 40 and ceil 60 + 1 = 61.
        std::vector<double> values;
        for (int i = 1; i <= 100; ++i)
            values.push_back(i);
        const PercentileEstimate median = percentileOf(values, 0.5);
        QCOMPARE(median.value, 50.0);
        QCOMPARE(median.interval.low, 40.0);
        QCOMPARE(median.interval.high, 61.0);
        const PercentileEstimate p95 = percentileOf(values, 0.95);
        QCOMPARE(p95.value, 95.0);
        QCOMPARE(p95.interval.high, 100.0); // clamped to the data
        QCOMPARE(percentileOf({}, 0.5).value, 0.0);
    }

    void pricesMatchModelsAndSnapshots()
    {
        const PriceTable& table = PriceTable::builtIn();
        QVERIFY2(!table.taken().empty(), "the built-in price table did not load");
        // A dated snapshot is priced as its model, and the longest name wins (gpt-4o-mini, not gpt-4o).
        const auto mini = table.priceOf("openai", "gpt-4o-mini-2024-07-18");
        QVERIFY(mini.has_value());
        QCOMPARE(mini->input, 0.15);
        QCOMPARE(table.priceOf("openai", "gpt-4o-2024-08-06")->input, 2.5);
        QCOMPARE(table.priceOf("anthropic", "claude-sonnet-4-5-20250929")->output, 15.0);
        QVERIFY(!table.priceOf("openai", "gpt-4o2").has_value()); // not a snapshot of gpt-4o
        QVERIFY(!table.priceOf("openai", "my-local-model").has_value());
        QVERIFY(!table.priceOf("mistral", "gpt-4o").has_value());
        QCOMPARE(table.priceOf("ollama", "llama3")->output, 0.0);
        QCOMPARE(table.priceOf("scenario", "missing-field")->input, 0.0);

        // An override replaces one entry and keeps the rest.
        const auto overrides = PriceTable::fromJson(Json::parse(R"({"models":[{"provider":"openai","model":"gpt-4o-mini","input":1,"output":2}]})"));
        QVERIFY(overrides);
        const PriceTable merged = table.mergedWith(overrides.value());
        QCOMPARE(merged.priceOf("openai", "gpt-4o-mini")->input, 1.0);
        QCOMPARE(merged.priceOf("openai", "gpt-4o-mini")->cachedInput, 1.0); // no discount stated
        QCOMPARE(merged.priceOf("openai", "gpt-4o")->input, 2.5);
        QCOMPARE(merged.taken(), table.taken());

        // Written out (the workbench's Settings keep a table so) and read back: the same rows.
        const auto again = PriceTable::fromJson(table.toJson());
        QVERIFY(again);
        QCOMPARE(again->taken(), table.taken());
        QCOMPARE(again->entries().size(), table.entries().size());
        QCOMPARE(again->priceOf("anthropic", "claude-opus-4-1")->cachedInput, 1.5);
        QCOMPARE(again->priceOf("ollama", "llama3")->input, 0.0);
        const PriceTable mine = PriceTable::of("2026-11-25", {{"openai", "gpt-4o", {1, 2, 0.5}}});
        QCOMPARE(PriceTable::fromJson(mine.toJson())->priceOf("openai", "gpt-4o-2024-08-06")->cachedInput, 0.5);
        QVERIFY(!PriceTable::fromJson(mine.toJson())->priceOf("openai", "gpt-5").has_value());
    }

    void badPriceTablesNameThePlace_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("where");
        QTest::newRow("not an object") << QStringLiteral("[]") << QStringLiteral("/");
        QTest::newRow("no model") << QStringLiteral(R"({"models":[{"provider":"openai","input":1,"output":1}]})") << QStringLiteral("/models/0");
        QTest::newRow("negative") << QStringLiteral(R"({"models":[{"provider":"openai","model":"m","input":-1,"output":1}]})") << QStringLiteral("/models/0/input");
        QTest::newRow("text price") << QStringLiteral(R"({"models":[{"provider":"openai","model":"m","input":1,"output":"2"}]})") << QStringLiteral("/models/0/output");
    }
    void badPriceTablesNameThePlace()
    {
        QFETCH(QString, table);
        QFETCH(QString, where);
        const auto parsed = PriceTable::fromJson(Json::parse(table.toStdString()));
        QVERIFY(!parsed);
        QCOMPARE(QString::fromStdString(parsed.error().where), where);
    }

    void aRunCostsEveryAttempt()
    {
        // An initial attempt (1,000 in, 200 of them cached, 300 out), a repair (1,500 / 1,000 /
        // 250) and a continuation (1,800 / 1,200 / 100): 4,300 in, 2,400 cached, 650 out.
        const TokenUse run{1000 + 1500 + 1800, 300 + 250 + 100, 200 + 1000 + 1200};
        // OpenAI counts cached tokens inside the input: 1,900 × $0.15 + 2,400 × $0.075 +
        // 650 × $0.60 = 285 + 180 + 390 = $855 per million runs like it.
        QVERIFY(std::fabs(costOf(Price{0.15, 0.60, 0.075}, "openai", run) - 855e-6) < 1e-12);
        // Anthropic reports cache reads beside the input: 4,300 × $3 + 2,400 × $0.30 + 650 × $15
        // = 12,900 + 720 + 9,750 = $23,370 per million.
        QVERIFY(std::fabs(costOf(Price{3, 15, 0.3}, "anthropic", run) - 23370e-6) < 1e-12);
        // The repair overhead of the OpenAI run: the first attempt alone costs 800 × 0.15 +
        // 200 × 0.075 + 300 × 0.6 = 120 + 15 + 180 = 315, so 540 of 855 came after it.
        const double first = costOf(Price{0.15, 0.60, 0.075}, "openai", {1000, 300, 200});
        QVERIFY(std::fabs(first - 315e-6) < 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestStats)
#include "test_stats.moc"
