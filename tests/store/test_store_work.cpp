// The store's work per capture, counted, never timed: a bulk import must cost a bounded
// amount per capture however many there are. The bounds are hand-chosen multiples of what
// is stored, generous enough for any machine, and far below what the store did before
// (`INSERT ... RETURNING` made SQLite keep a statement journal: every page each insert
// touched, copied to a temporary file first, about 64 KB a capture).
#include "capture_fixture.h"
#include "test_registry.h"

#include "store/store.h"

#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace conform;
using namespace conform::store;

namespace {

// Bytes this process has handed to write(2) and pwrite(2) so far (Linux's /proc/self/io),
// on every thread: the database file, its write-ahead log and any temporary file.
qint64 bytesWrittenSoFar()
{
    QFile io(QStringLiteral("/proc/self/io"));
    if (!io.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : io.readAll().split('\n'))
        if (line.startsWith("wchar:"))
            return line.mid(6).trimmed().toLongLong();
    return -1;
}

// `count` distinct captures varied from the fixture's ten, and the bytes of their documents.
std::vector<Capture> manyCaptures(int count, int firstId, qint64& documentBytes)
{
    const std::vector<Json> documents = fixtureDocuments();
    std::vector<Capture> captures;
    for (int i = 0; i < count; ++i) {
        Json document = documents[std::size_t(i) % documents.size()];
        document["id"] = "work-" + std::to_string(firstId + i);
        documentBytes += qint64(dump(document).size());
        captures.push_back(captureFromDocument(std::move(document)).value());
    }
    return captures;
}

} // namespace

class StoreWorkTest : public QObject
{
    Q_OBJECT

private slots:
    // 4,000 captures in transactions of 1,000, as the writer commits an import: the bytes
    // written stay within a few times the bytes of the documents stored (the log, then the
    // database file, then the pages of the indexes each transaction touched).
    void importWritesAboutWhatItStores()
    {
        QVERIFY2(bytesWrittenSoFar() >= 0, "needs Linux's /proc/self/io");
        const QString path = freshStore(QStringLiteral("sqlite"), QStringLiteral("work"));
        auto store = Store::open(StoreLocation::parse(path).value());
        QVERIFY2(store, store ? "" : store.error().toString().c_str());
        qint64 documentBytes = 0;
        std::vector<std::vector<Capture>> batches;
        for (int batch = 0; batch < 4; ++batch)
            batches.push_back(manyCaptures(1000, batch * 1000, documentBytes));
        const qint64 before = bytesWrittenSoFar();
        for (const std::vector<Capture>& batch : batches) {
            auto inserted = store.value()->insert(batch);
            QVERIFY2(inserted, inserted ? "" : inserted.error().toString().c_str());
            QCOMPARE(inserted->inserted.size(), std::size_t(1000));
        }
        const qint64 written = bytesWrittenSoFar() - before;
        QCOMPARE(store.value()->count({}).value(), std::int64_t(4000));
        const QString message = QStringLiteral("%1 bytes written for 4,000 captures of %2 bytes of JSON in all (%3 per capture)")
                                    .arg(written).arg(documentBytes).arg(written / 4000);
        qInfo("%s", qPrintable(message));
        QVERIFY2(written < 6 * documentBytes, qPrintable(message));
    }
};

CONFORM_TEST_CLASS(StoreWorkTest);
#include "test_store_work.moc"
