// The example workspace, schemas/<name>/{schema.json, prompt.md, examples/*}: each schema
// compiles without lint errors, and each example gets the verdict its name promises:
//   examples/valid*.json   validates;
//   examples/other.json    parses but does not validate (the seeds' content failures);
//   examples/*.txt         raw model replies that are not JSON as they stand (fences, XML
//                          wrappers, trailing commas, truncation...): refused as text, and,
//                          after json::extract has located and repaired them, valid. Strict
//                          extraction repairs them too, except truncated*.txt (it would have
//                          to invent the end of a value).
#include "json/parse.h"
#include "schema/schema.h"
#ifdef CONFORM_HAVE_EXTRACT
#include "json/extract.h"
#endif

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace conform;

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

Result<schema::Validator> compileSchemaFile(const QString& path)
{
    Result<Json> document = json::parseStrict(readAll(path).toStdString());
    if (!document)
        return document.error();
    return schema::Validator::compile(document.value());
}

QString issuesText(const schema::ValidationResult& result)
{
    QStringList lines;
    for (const schema::Issue& issue : result.issues)
        lines << QString::fromStdString(issue.toJson().dump());
    return lines.join(u'\n');
}

QStringList schemaDirs()
{
    const QDir root(QStringLiteral(CONFORM_WORKSPACE));
    return root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TestWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void schemasCompile_data();
    void schemasCompile();
    void examples_data();
    void examples();
};

void TestWorkspace::schemasCompile_data()
{
    QTest::addColumn<QString>("dir");
    for (const QString& name : schemaDirs())
        QTest::newRow(name.toUtf8().constData()) << QStringLiteral(CONFORM_WORKSPACE "/") + name;
    QVERIFY(schemaDirs().size() >= 9);
}

void TestWorkspace::schemasCompile()
{
    QFETCH(QString, dir);
    const Result<schema::Validator> validator = compileSchemaFile(dir + u"/schema.json");
    QVERIFY2(validator.ok(), validator.ok() ? "" : validator.error().toString().c_str());
    for (const schema::LintMessage& message : validator->lint())
        QVERIFY2(message.severity != schema::LintMessage::Severity::Error, message.message.c_str());
    QVERIFY(QFileInfo::exists(dir + u"/prompt.md"));
    QVERIFY2(QFileInfo::exists(dir + u"/examples/valid.json"), "every schema shows one valid reply");
    const QString prompt = QString::fromUtf8(readAll(dir + u"/prompt.md"));
    QVERIFY(prompt.contains(u"## System") && prompt.contains(u"## User") && prompt.contains(u"{{"));
}

void TestWorkspace::examples_data()
{
    QTest::addColumn<QString>("schemaPath");
    QTest::addColumn<QString>("examplePath");
    int rows = 0;
    for (const QString& name : schemaDirs()) {
        const QDir examples(QStringLiteral(CONFORM_WORKSPACE "/") + name + u"/examples");
        for (const QString& file : examples.entryList({QStringLiteral("*.json"), QStringLiteral("*.txt")}, QDir::Files, QDir::Name)) {
            QTest::newRow((name + u'/' + file).toUtf8().constData())
                << examples.absoluteFilePath(QStringLiteral("../schema.json")) << examples.filePath(file);
            ++rows;
        }
    }
    QVERIFY(rows >= 40);
}

void TestWorkspace::examples()
{
    QFETCH(QString, schemaPath);
    QFETCH(QString, examplePath);
    const Result<schema::Validator> validator = compileSchemaFile(schemaPath);
    QVERIFY(validator.ok());
    const std::string text = readAll(examplePath).toStdString();
    const QString name = QFileInfo(examplePath).fileName();

    if (name.endsWith(u".txt")) {
        QVERIFY2(!validator->acceptsText(text), "a raw reply example must not be usable as it stands");
#ifdef CONFORM_HAVE_EXTRACT
        const json::Extraction x = json::extract(text);
        QVERIFY2(x.ok, x.reason.c_str());
        QVERIFY2(!x.fixes.empty() || x.candidateKind != "whole", "extraction should have had work to do");
        const schema::ValidationResult result = validator->validate(x.value);
        QVERIFY2(result.valid, qPrintable(issuesText(result)));
        // Strict mode makes only syntax repairs: finishing a truncated reply changes values.
        json::ExtractOptions strictOptions;
        strictOptions.strict = true;
        const json::Extraction strict = json::extract(text, strictOptions);
        QCOMPARE(strict.ok, !name.startsWith(u"truncated"));
        QCOMPARE(strict.refused.empty(), strict.ok);
#endif
        return;
    }
    const Result<Json> instance = json::parseStrict(text);
    QVERIFY2(instance.ok(), instance.ok() ? "" : instance.error().toString().c_str());
    const schema::ValidationResult result = validator->validate(instance.value());
    const bool expectValid = name.startsWith(u"valid");
    QVERIFY2(result.valid == expectValid,
             qPrintable(expectValid ? issuesText(result) : QStringLiteral("validated, but its name says it must not")));
    QVERIFY2(expectValid || !result.issues.empty(), "an invalid instance must say why");
    QCOMPARE(validator->acceptsText(text), expectValid); // the fast path agrees
}

QTEST_GUILESS_MAIN(TestWorkspace)
#include "test_workspace.moc"
