// The ordinary build's side of the fuzz targets (CMakeLists.txt here): every target's own
// source is linked into this one Qt Test, its LLVMFuzzerTestOneInput renamed
// <target>_TestOneInput (fuzz_targets.h, generated from the table of targets), and every file
// of each target's seeds and regressions folders is passed to it, one row each. A kept crash
// input then fails `make test` without clang; the file is named before each call, so a crash
// is traced to its input.
#include "fuzz_targets.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

Q_DECLARE_METATYPE(const FuzzTarget*)

class FuzzReplay : public QObject
{
    Q_OBJECT

private slots:
    void replay_data()
    {
        QTest::addColumn<const FuzzTarget*>("target");
        QTest::addColumn<QString>("path");
        for (const FuzzTarget& target : kFuzzTargets) {
            int rows = 0;
            const std::pair<const char*, QString> folders[] = {{"seeds", QString::fromUtf8(target.seeds)},
                                                               {"regressions", QString::fromUtf8(target.regressions)}};
            for (const auto& [label, folder] : folders) {
                const QDir dir(folder); // a target without regressions has no such folder: no rows
                for (const QString& name : dir.entryList(QDir::Files, QDir::Name)) {
                    QTest::addRow("%s: %s/%s", target.name, label, qPrintable(name)) << &target << dir.filePath(name);
                    ++rows;
                }
            }
            QVERIFY2(rows > 0, qPrintable(QStringLiteral("fuzz target %1 has no seeds").arg(QString::fromUtf8(target.name))));
        }
    }

    void replay()
    {
        QFETCH(const FuzzTarget*, target);
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray bytes = file.readAll();
        // libFuzzer hands over a buffer of exactly the input's size: a copy keeps ASan's bounds.
        std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
        // Said before the call: a crash ends the process before Qt Test names the row.
        qInfo("%s: %s", target->name, qPrintable(path));
        QCOMPARE(target->testOneInput(input.data(), input.size()), 0);
    }
};

QTEST_GUILESS_MAIN(FuzzReplay)
#include "replay_main.moc"
