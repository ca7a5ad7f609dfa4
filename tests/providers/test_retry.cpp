// The retry decision: pure, with a fixed clock and a fixed random source.
#include "test_registry.h"

#include "providers/retry.h"

#include <QTest>

using namespace conform::providers;
using namespace std::chrono;

namespace {

// 2015-10-21 07:28:00 UTC, the moment the date rows are measured from.
const system_clock::time_point kNow = system_clock::time_point(seconds(1445412480));

std::vector<Header> headersFrom(const QString& text)
{
    std::vector<Header> headers;
    for (const QString& pair : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        headers.emplace_back(pair.left(eq).trimmed().toStdString(), pair.mid(eq + 1).toStdString());
    }
    return headers;
}

} // namespace

class RetryTest : public QObject
{
    Q_OBJECT
private slots:
    void decide_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("timedOut");
        QTest::addColumn<QString>("headers"); // "name=value;name=value"
        QTest::addColumn<int>("retriesSoFar");
        QTest::addColumn<double>("random");
        QTest::addColumn<bool>("retry");
        QTest::addColumn<int>("delayMs");

        // Backoff: uniform in [0, min(8000, 500 * 2^n)] -> random * cap.
        QTest::newRow("429 backoff first") << 429 << false << "" << 0 << 0.5 << true << 250;
        QTest::newRow("429 backoff second") << 429 << false << "" << 1 << 0.25 << true << 250;
        QTest::newRow("backoff second") << 500 << false << "" << 1 << 0.999 << true << 999;
        QTest::newRow("full jitter zero") << 503 << false << "" << 1 << 0.0 << true << 0;
        QTest::newRow("408") << 408 << false << "" << 0 << 1.0 << true << 500;
        QTest::newRow("409") << 409 << false << "" << 0 << 1.0 << true << 500;
        QTest::newRow("529 overloaded") << 529 << false << "" << 0 << 1.0 << true << 500;
        QTest::newRow("timeout") << 0 << true << "" << 0 << 1.0 << true << 500;
        QTest::newRow("connection error") << 0 << false << "" << 0 << 1.0 << true << 500;
        QTest::newRow("400 not retried") << 400 << false << "" << 0 << 0.5 << false << 0;
        QTest::newRow("401 not retried") << 401 << false << "" << 0 << 0.5 << false << 0;
        QTest::newRow("404 not retried") << 404 << false << "" << 0 << 0.5 << false << 0;
        QTest::newRow("no retries left") << 429 << false << "" << 2 << 0.5 << false << 0;
        QTest::newRow("retry-after seconds") << 429 << false << "retry-after=2" << 0 << 0.5 << true << 2000;
        QTest::newRow("retry-after fraction") << 429 << false << "Retry-After=1.5" << 0 << 0.5 << true << 1500;
        QTest::newRow("retry-after-ms wins") << 429 << false << "retry-after=9;retry-after-ms=120" << 0 << 0.5 << true << 120;
        QTest::newRow("retry-after date") << 503 << false << "retry-after=Wed, 21 Oct 2015 07:28:03 GMT" << 0 << 0.5 << true << 3000;
        QTest::newRow("retry-after past date") << 503 << false << "retry-after=Wed, 21 Oct 2015 07:27:00 GMT" << 0 << 0.5 << true << 250;
        QTest::newRow("retry-after too long") << 429 << false << "retry-after=3600" << 0 << 0.5 << true << 250;
        QTest::newRow("retry-after garbage") << 429 << false << "retry-after=soon" << 0 << 0.5 << true << 250;
        QTest::newRow("retry-after negative") << 429 << false << "retry-after=-4" << 0 << 0.5 << true << 250;
        QTest::newRow("x-should-retry true on 400") << 400 << false << "x-should-retry=true" << 0 << 1.0 << true << 500;
        QTest::newRow("x-should-retry false on 529") << 529 << false << "x-should-retry=false" << 0 << 1.0 << false << 0;
        QTest::newRow("x-should-retry true but no retries left") << 400 << false << "x-should-retry=true" << 2 << 1.0 << false << 0;
    }

    void decide()
    {
        QFETCH(int, status);
        QFETCH(bool, timedOut);
        QFETCH(QString, headers);
        QFETCH(int, retriesSoFar);
        QFETCH(double, random);
        QFETCH(bool, retry);
        QFETCH(int, delayMs);
        Failure failure{status, timedOut, status == 0 && !timedOut, headersFrom(headers), {}};
        const RetryDecision d = decideRetry(failure, retriesSoFar, RetryPolicy{}, [] { return kNow; }, [random] { return random; });
        QCOMPARE(d.retry, retry);
        QCOMPARE(static_cast<int>(d.delay.count()), delayMs);
        QVERIFY(!d.reason.empty());
    }

    void httpDates_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("epoch"); // -1: not a date
        QTest::newRow("imf-fixdate") << "Sun, 06 Nov 1994 08:49:37 GMT" << qint64(784111777);
        QTest::newRow("rfc 850") << "Sunday, 06-Nov-94 08:49:37 GMT" << qint64(784111777);
        QTest::newRow("asctime") << "Sun Nov  6 08:49:37 1994" << qint64(784111777);
        QTest::newRow("garbage") << "tomorrow" << qint64(-1);
        QTest::newRow("empty") << "" << qint64(-1);
    }

    void httpDates()
    {
        QFETCH(QString, text);
        QFETCH(qint64, epoch);
        const auto parsed = parseHttpDate(text.toStdString());
        if (epoch < 0) {
            QVERIFY(!parsed);
            return;
        }
        QVERIFY(parsed);
        QCOMPARE(static_cast<qint64>(duration_cast<seconds>(parsed->time_since_epoch()).count()), epoch);
    }
};

CONFORM_TEST_CLASS(RetryTest);

#include "test_retry.moc"
