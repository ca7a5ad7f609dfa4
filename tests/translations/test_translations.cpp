// Each translations/conform_<lang>.ts, refreshed from the sources by lupdate (into a copy, so
// the test holds whether or not the build ran lupdate), has a finished translation for every
// string the workbench shows, with the same %1.. placeholders. A failure names every string
// that lacks one, so whoever adds a pane sees exactly what to translate.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    QStringList translations; // one, or the numerus forms
    bool finished = false;
};

QSet<QString> placeholders(const QString& text)
{
    static const QRegularExpression placeholder(QStringLiteral("%(\\d+|n)"));
    QSet<QString> found;
    for (const auto& match : placeholder.globalMatch(text))
        found.insert(match.captured(0));
    return found;
}

// The messages of a .ts file, vanished and obsolete ones left out.
QList<Message> readMessages(QIODevice* file, QString* language)
{
    QList<Message> messages;
    QXmlStreamReader xml(file);
    QString context;
    Message current;
    bool skip = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("TS"))
            *language = xml.attributes().value(QLatin1String("language")).toString();
        else if (name == QLatin1String("name"))
            context = xml.readElementText();
        else if (name == QLatin1String("message"))
            current = Message{context, {}, {}, false};
        else if (name == QLatin1String("source"))
            current.source = xml.readElementText();
        else if (name == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            skip = type == QLatin1String("vanished") || type == QLatin1String("obsolete");
            current.finished = type.isEmpty();
            QString text;
            QStringList forms;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    forms << xml.readElementText();
                else if (xml.isCharacters())
                    text += xml.text();
            }
            current.translations = forms.isEmpty() ? QStringList{text} : forms;
            if (!skip)
                messages << current;
        }
    }
    if (xml.hasError())
        qWarning("%s", qPrintable(xml.errorString()));
    return messages;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void everyStringIsTranslated_data();
    void everyStringIsTranslated();
};

void TestTranslations::everyStringIsTranslated_data()
{
    QTest::addColumn<QString>("tsFile");
    const QDir folder(QStringLiteral(CONFORM_TRANSLATIONS));
    const QStringList files = folder.entryList({QStringLiteral("conform_*.ts")}, QDir::Files);
    QVERIFY2(!files.isEmpty(), "no translations/conform_*.ts");
    for (const QString& file : files)
        QTest::newRow(qPrintable(file)) << folder.filePath(file);
}

void TestTranslations::everyStringIsTranslated()
{
    QFETCH(QString, tsFile);
    QTemporaryDir scratch;
    const QString refreshed = scratch.filePath(QFileInfo(tsFile).fileName());
    QVERIFY(QFile::copy(tsFile, refreshed));
    QFile::setPermissions(refreshed, QFile::ReadOwner | QFile::WriteOwner);
    // The source language's file holds only the plural forms ("1 repair", "2 repairs").
    const bool english = QFileInfo(tsFile).baseName() == QLatin1String("conform_en");
    QStringList arguments{QStringLiteral("-silent"), QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                          QStringLiteral("-I"), QStringLiteral(CONFORM_GUI_SOURCES), // includes name the feature folder
                          QStringLiteral(CONFORM_GUI_SOURCES), QStringLiteral("-ts"), refreshed};
    if (english)
        arguments.prepend(QStringLiteral("-pluralonly"));
    QProcess lupdate;
    lupdate.start(QStringLiteral(CONFORM_LUPDATE), arguments);
    QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish");
    QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());

    QFile file(refreshed);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString language;
    const QList<Message> messages = readMessages(&file, &language);
    QVERIFY2(messages.size() > (english ? 10 : 50), qPrintable(QStringLiteral("only %1 messages: lupdate found no sources?").arg(messages.size())));
    const QString expectedLanguage = QFileInfo(tsFile).baseName().section(QLatin1Char('_'), 1);
    QVERIFY2(language.startsWith(expectedLanguage), qPrintable(QStringLiteral("language=\"%1\"").arg(language)));

    QStringList problems;
    for (const Message& message : messages) {
        const QString where = QStringLiteral("[%1] \"%2\"").arg(message.context, message.source);
        const bool empty = std::any_of(message.translations.begin(), message.translations.end(),
                                       [](const QString& t) { return t.trimmed().isEmpty(); });
        if (!message.finished || empty) {
            problems << where + QStringLiteral(": no finished translation");
            continue;
        }
        // A numerus form may spell the count out ("ein Modell"), so %n is not required there.
        const bool numerus = message.translations.size() > 1;
        QSet<QString> wanted = placeholders(message.source);
        if (numerus)
            wanted.remove(QStringLiteral("%n"));
        for (const QString& translation : message.translations) {
            QSet<QString> given = placeholders(translation);
            if (numerus)
                given.remove(QStringLiteral("%n"));
            if (given != wanted)
                problems << where + QStringLiteral(": \"%1\" has other placeholders").arg(translation);
        }
    }
    if (!problems.isEmpty())
        QFAIL(qPrintable(QStringLiteral("%1: %2 of %3 strings need work (translate them in %1 with linguist):\n  %4")
                             .arg(QFileInfo(tsFile).fileName()).arg(problems.size()).arg(messages.size())
                             .arg(problems.join(QStringLiteral("\n  ")))));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
