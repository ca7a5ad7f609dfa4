#pragma once
// The fuzz seed corpus (tests/fuzz/corpus), file by file, for tests that run every seed
// through a reader. The test target defines CONFORM_FUZZ_CORPUS to the folder.
//
//   for (const FuzzSeed& seed : fuzzSeeds()) {
//       QVERIFY(seed.read);
//       ... seed.text ...
//   }
#include <QDir>
#include <QFile>

#include <string>
#include <vector>

struct FuzzSeed
{
    QString name;
    bool read = false; // the file could be opened
    std::string text;
};

inline std::vector<FuzzSeed> fuzzSeeds()
{
    std::vector<FuzzSeed> seeds;
    const QDir dir(QStringLiteral(CONFORM_FUZZ_CORPUS));
    for (const QString& name : dir.entryList(QDir::Files)) {
        QFile file(dir.filePath(name));
        FuzzSeed seed{name, file.open(QIODevice::ReadOnly), {}};
        seed.text = file.readAll().toStdString();
        seeds.push_back(std::move(seed));
    }
    return seeds;
}
