// The ordinary build's side of a fuzz target (CMakeLists.txt here): the target's own source is
// linked with this Qt Test, which passes every file of its seeds and regressions folders to
// LLVMFuzzerTestOneInput, one row each. A kept crash input then fails `make test` without
// clang; the file is named before each call, so a crash is traced to its input.
#include <QDir>
#include <QFile>
#include <QTest>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

class FuzzReplay : public QObject
{
    Q_OBJECT

private slots:
    void replay_data()
    {
        QTest::addColumn<QString>("path");
        int rows = 0;
        const std::pair<const char*, QString> folders[] = {{"seeds", QStringLiteral(CONFORM_FUZZ_SEEDS)},
                                                           {"regressions", QStringLiteral(CONFORM_FUZZ_REGRESSIONS)}};
        for (const auto& [label, folder] : folders) {
            const QDir dir(folder); // a target without regressions has no such folder: no rows
            for (const QString& name : dir.entryList(QDir::Files, QDir::Name)) {
                QTest::addRow("%s/%s", label, qPrintable(name)) << dir.filePath(name);
                ++rows;
            }
        }
        QVERIFY2(rows > 0, "a fuzz target has seeds");
    }

    void replay()
    {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray bytes = file.readAll();
        // libFuzzer hands over a buffer of exactly the input's size: a copy keeps ASan's bounds.
        std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
        // Said before the call: a crash ends the process before Qt Test names the row.
        qInfo("%s", qPrintable(path));
        QCOMPARE(LLVMFuzzerTestOneInput(input.data(), input.size()), 0);
    }
};

QTEST_GUILESS_MAIN(FuzzReplay)
#include "replay_main.moc"
