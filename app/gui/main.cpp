// `conform [WORKSPACE [FILE...]]`: the workbench on a workspace folder (default: ./schemas if
// present, else the current directory); each FILE opens as the tree would open it.
#include "workbench/fileroute.h"
#include "workbench/mainwindow.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Conform"));
    QApplication::setApplicationName(QStringLiteral("Conform"));
    QApplication::setApplicationVersion(QStringLiteral(CONFORM_VERSION));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    // The user's language; else English, whose file holds the plural forms ("1 repair").
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("conform"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || translator.load(QStringLiteral(":/i18n/conform_en")))
        QApplication::installTranslator(&translator);

    const QStringList arguments = QApplication::arguments();
    const QString workspace = arguments.size() > 1 ? arguments.at(1) : conform::gui::defaultWorkspace();
    conform::gui::MainWindow window(workspace);
    for (qsizetype i = 2; i < arguments.size(); ++i)
        window.openFile(arguments.at(i));
    window.show();
    // For the cold-start benchmark (tests/benchmarks/gui/startup.sh): quit as soon as the event
    // loop is free, i.e. the window is up and interactive.
    if (qEnvironmentVariableIsSet("CONFORM_QUIT_WHEN_READY"))
        QTimer::singleShot(0, &app, &QCoreApplication::quit);
    return QApplication::exec();
}
