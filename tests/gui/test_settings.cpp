// The settings dialog and the keys, driven offscreen: where a key comes from (environment,
// keychain, nowhere) and that it is never shown nor written to the settings file; model lists
// fetched from a provider's models endpoint; the store's connection test; the theme; the
// defaults reaching the Run tab; a keychain key reaching a run's request; and the real system
// keychain (a private gnome-keyring, see keyring_session.h) behind the same interface.
#include "settings/appsettings.h"
#include "widgets/codeeditor.h"
#include "dashboard/dashboard.h"
#include "dashboard/dashboardcharts.h"
#include "captures/capturefilterbar.h"
#include "settings/keychainbackend.h"
#include "workbench/mainwindow.h"
#include "workbench/workspace.h"
#include "run/modellistfetcher.h"
#include "settings/providerspage.h"
#include "run/runpane.h"
#include "run/runtargetform.h"
#include "settings/settingsdialog.h"
#include "settings/storepage.h"
#include "settings/settingkeys.h"
#include "settings/settingsnotifier.h"
#include "settings/pricespage.h"

#include <QStandardPaths>
#include <QTableWidget>
#include "widgets/tonelabel.h"

#include "keyring_session.h"
#include "postgres_cluster.h"
#include "require_dependency.h"

#include "keys/key_ring.h"
#include "keys/secret_backend.h"
#include "providers/scenario.h"
#include "server/server.h"
#include "store/store.h"

#include <Qsci/qscilexerjson.h>

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace conform;
using namespace conform::gui;
using providers::ProviderKind;

namespace {

const char* const kKeychainKey = "notakey-keychain-0123456789abcdef";

std::unique_ptr<keys::KeyRing> memoryRing(std::map<std::string, std::string> environment)
{
    auto env = [environment](const char* name) -> std::optional<std::string> {
        const auto it = environment.find(name);
        return it == environment.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    auto ring = std::make_unique<keys::KeyRing>(std::make_unique<keys::MemorySecretBackend>(), env);
    QSignalSpy changed(ring.get(), &keys::KeyRing::changed);
    ring->load();
    changed.wait(10000);
    return ring;
}

providers::Scenario namedScenario(const char* name)
{
    auto parsed = providers::parseScenarioText(
        QStringLiteral(R"({"name": "%1", "description": "a model for the list", "turns": [{"text": "{}"}]})").arg(QLatin1String(name)).toStdString());
    if (!parsed)
        qFatal("%s", parsed.error().toString().c_str());
    return std::move(parsed.value());
}

QStringList comboItems(const QComboBox* combo)
{
    QStringList items;
    for (int i = 0; i < combo->count(); ++i)
        items << combo->itemText(i);
    return items;
}

// A server that records the first request it gets and answers 401, as a provider refusing a key.
class RecordingServer : public QTcpServer
{
public:
    QByteArray request;

    RecordingServer()
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            QTcpSocket* socket = nextPendingConnection();
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                request += socket->readAll();
                if (!request.contains("\r\n\r\n"))
                    return;
                const QByteArray body = R"({"error":{"message":"invalid key","type":"invalid_request_error"}})";
                socket->write("HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: "
                              + QByteArray::number(body.size()) + "\r\nconnection: close\r\n\r\n" + body);
                socket->disconnectFromHost();
            });
        });
    }
};

} // namespace

class TestSettings : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void keyStateSaysWhereFrom();
    void keysNeverReachTheSettingsFile();
    void unreadableKeychainIsAQuietNote();
    void modelListFromTheModelsEndpoint_data();
    void modelListFromTheModelsEndpoint();
    void modelListFailureSaysWhy();
    void storeConnectionTest_data();
    void storeConnectionTest();
    void storeConnectionTestPostgres();
    void passwordInStoreUrlIsRefused();
    void pricesEditedAreThePricesInUse();
    void themeFollowsTheChoice();
    void darkThemeReachesEditorsAndBadges();
    void defaultsReachTheRunTab();
    void keychainKeyReachesTheRequest();
    void systemKeychainRoundTrip();

private:
    QTemporaryDir m_config;
    QTemporaryDir m_files;
};

void TestSettings::initTestCase()
{
    QVERIFY(m_config.isValid() && m_files.isValid());
    // Settings of this test only, never the user's.
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_config.path());
    QApplication::setOrganizationName(QStringLiteral("ConformSettingsTest"));
    QApplication::setApplicationName(QStringLiteral("ConformSettingsTest"));
    qunsetenv("OPENAI_API_KEY");
    qunsetenv("ANTHROPIC_API_KEY");
    qunsetenv("OPENAI_BASE_URL");
}

void TestSettings::init()
{
    QSettings().clear();
}

void TestSettings::keyStateSaysWhereFrom()
{
    auto ring = memoryRing({{"OPENAI_API_KEY", "notakey-env-0123456789"}});
    ProvidersPage page(ring.get(), AppSettings::load());
    QCOMPARE(page.keyLabel(ProviderKind::OpenAI)->text(), QStringLiteral("Set, from the environment (OPENAI_API_KEY)"));
    QCOMPARE(page.keyLabel(ProviderKind::Anthropic)->text(),
             QStringLiteral("Not set: set ANTHROPIC_API_KEY or store a key in the system keychain"));
    QVERIFY(!page.forgetButton(ProviderKind::Anthropic)->isEnabled());

    QSignalSpy changed(ring.get(), &keys::KeyRing::changed);
    page.storeKey(ProviderKind::Anthropic, QString::fromLatin1(kKeychainKey));
    QVERIFY(changed.wait(10000));
    QCOMPARE(page.keyLabel(ProviderKind::Anthropic)->text(), QStringLiteral("Set, in the system keychain"));
    QVERIFY(page.forgetButton(ProviderKind::Anthropic)->isEnabled());
    for (QLabel* label : page.findChildren<QLabel*>())
        QVERIFY2(!label->text().contains(QLatin1String("notakey-")), qPrintable(label->text()));

    page.forgetButton(ProviderKind::Anthropic)->click();
    QVERIFY(changed.wait(10000));
    QCOMPARE(page.keyLabel(ProviderKind::Anthropic)->text(),
             QStringLiteral("Not set: set ANTHROPIC_API_KEY or store a key in the system keychain"));
}

// A keychain that cannot be read (no service running, as on a fresh machine or a demo
// laptop): Settings ▸ Keys says keys come from the environment, and the window's status bar,
// the first thing an audience sees, carries no keychain error.
void TestSettings::unreadableKeychainIsAQuietNote()
{
    auto backend = std::make_unique<keys::MemorySecretBackend>();
    backend->setUnavailable("no keychain service is running");
    keys::KeyRing ring(std::move(backend), [](const char*) -> std::optional<std::string> { return std::nullopt; });
    QSignalSpy changed(&ring, &keys::KeyRing::changed);
    ring.load();
    QVERIFY(changed.wait(10000));
    ProvidersPage page(&ring, AppSettings::load());
    QVERIFY(!page.keychainNote()->isHidden());
    QCOMPARE(page.keychainNote()->text(), QStringLiteral("The system keychain cannot be read (reading the in-memory keychain failed: no keychain "
                                                         "service is running): API keys come from the environment."));

    // The window over the real keychain, whatever this machine has: nothing about it in the status bar.
    QTemporaryDir workspace;
    MainWindow window(workspace.path());
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(window.workspace()->keyRing()->isLoaded(), 20000);
    QApplication::processEvents();
    QVERIFY2(!window.statusBar()->currentMessage().contains(QLatin1String("keychain"), Qt::CaseInsensitive),
             qPrintable(window.statusBar()->currentMessage()));
}

void TestSettings::keysNeverReachTheSettingsFile()
{
    auto ring = memoryRing({});
    SettingsDialog dialog(ring.get(), schema::ZodStyle::Zod3);
    QSignalSpy changed(ring.get(), &keys::KeyRing::changed);
    dialog.providersPage()->storeKey(ProviderKind::OpenAI, QString::fromLatin1(kKeychainKey));
    QVERIFY(changed.wait(10000));
    dialog.providersPage()->baseUrlEdit(ProviderKind::OpenAI)->setText(QStringLiteral("http://127.0.0.1:4010/v1"));
    dialog.providersPage()->modelCombo(ProviderKind::OpenAI)->setCurrentText(QStringLiteral("gpt-settings-test"));
    dialog.styleCombo()->setCurrentIndex(1);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.style(), schema::ZodStyle::Zod4);

    QSettings settings;
    settings.sync();
    QFile file(settings.fileName());
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(settings.fileName()));
    const QByteArray written = file.readAll();
    QVERIFY(written.contains("http://127.0.0.1:4010/v1"));
    QVERIFY(written.contains("gpt-settings-test"));
    QVERIFY(!written.contains(kKeychainKey));
    QVERIFY(!written.contains("notakey-"));
}

void TestSettings::modelListFromTheModelsEndpoint_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("anthropic /v1/models") << int(ProviderKind::Anthropic);
    QTest::newRow("openai /v1/models") << int(ProviderKind::OpenAI);
    QTest::newRow("ollama /api/tags") << int(ProviderKind::Ollama);
}

void TestSettings::modelListFromTheModelsEndpoint()
{
    QFETCH(int, kind);
    std::vector<providers::Scenario> scenarios;
    scenarios.push_back(namedScenario("alpha-model"));
    scenarios.push_back(namedScenario("beta-model"));
    server::ReplayServer server(std::move(scenarios));
    QVERIFY(server.listen());
    auto ring = memoryRing({});
    ProvidersPage page(ring.get(), AppSettings::load());
    const auto provider = ProviderKind(kind);
    page.baseUrlEdit(provider)->setText(server.url().toString());
    page.modelCombo(provider)->setCurrentText(QStringLiteral("my-choice"));
    QSignalSpy finished(page.fetcher(), &ModelListFetcher::finished);
    page.fetchModels(provider);
    QVERIFY(finished.wait(5000));
    QCOMPARE(comboItems(page.modelCombo(provider)), (QStringList{QStringLiteral("alpha-model"), QStringLiteral("beta-model")}));
    QCOMPARE(page.modelCombo(provider)->currentText(), QStringLiteral("my-choice")); // the choice stays
    QCOMPARE(page.modelStatus(provider)->text(), QStringLiteral("2 model(s) offered"));
}

void TestSettings::modelListFailureSaysWhy()
{
    QTcpServer closed; // a port that was free a moment ago and refuses connections now
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    const quint16 port = closed.serverPort();
    closed.close();
    auto ring = memoryRing({{"OPENAI_API_KEY", "notakey-never-shown-0123"}});
    ProvidersPage page(ring.get(), AppSettings::load());
    page.baseUrlEdit(ProviderKind::OpenAI)->setText(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
    QSignalSpy failed(page.fetcher(), &ModelListFetcher::failed);
    page.fetchModels(ProviderKind::OpenAI);
    QVERIFY(failed.wait(5000));
    const QString status = page.modelStatus(ProviderKind::OpenAI)->text();
    QVERIFY2(status.startsWith(QStringLiteral("No model list: http://127.0.0.1:%1/v1/models: ").arg(port)), qPrintable(status));
    QVERIFY(!status.contains(QLatin1String("notakey-never")));
}

void TestSettings::storeConnectionTest_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("shown"); // the start of the result line

    const QString store = m_files.filePath(QStringLiteral("real.db"));
    QVERIFY(store::Store::open(store::StoreLocation::parse(store).value()).ok());
    const QString notStore = m_files.filePath(QStringLiteral("notes.db"));
    QFile file(notStore);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("these are notes, not a database\n");
    file.close();
    const QString fresh = m_files.filePath(QStringLiteral("fresh.db"));

    QTest::newRow("a store") << store << true << QStringLiteral("Connected: ") + store;
    QTest::newRow("a new file in a folder") << fresh << true << fresh + QStringLiteral(" does not exist yet");
    QTest::newRow("not a store") << notStore << false << notStore;
    QTest::newRow("no such folder") << m_files.filePath(QStringLiteral("missing/x.db")) << false
                                    << m_files.filePath(QStringLiteral("missing"));
}

void TestSettings::storeConnectionTest()
{
    QFETCH(QString, location);
    QFETCH(bool, ok);
    QFETCH(QString, shown);
    StorePage page(location);
    QSignalSpy tested(&page, &StorePage::tested);
    page.testButton()->click();
    QVERIFY(tested.count() == 1 || tested.wait(10000));
    QCOMPARE(tested.at(0).at(0).toBool(), ok);
    QVERIFY2(page.resultLabel()->text().startsWith(shown), qPrintable(page.resultLabel()->text()));
    QVERIFY(!QFileInfo::exists(m_files.filePath(QStringLiteral("fresh.db")))); // a test creates nothing
}

void TestSettings::storeConnectionTestPostgres()
{
    PostgresCluster& cluster = PostgresCluster::shared();
    REQUIRE_POSTGRES(cluster);
    const QString url = cluster.createDatabase(QStringLiteral("settings"));
    QVERIFY2(!url.isEmpty(), qPrintable(cluster.error()));
    QVERIFY(store::Store::open(store::StoreLocation::parse(url).value()).ok()); // make it a store
    StorePage page(url);
    QSignalSpy tested(&page, &StorePage::tested);
    page.testButton()->click();
    QVERIFY(tested.wait(15000));
    QVERIFY2(tested.at(0).at(0).toBool(), qPrintable(page.resultLabel()->text()));
    QCOMPARE(page.resultLabel()->text(), QStringLiteral("Connected: ") + url);

    // The same server, a database that is not there: one line naming it, no password shown.
    QString missing = url;
    missing.replace(QLatin1String("/settings"), QLatin1String("/no_such_db"));
    page.locationEdit()->setText(missing);
    tested.clear();
    page.testButton()->click();
    QVERIFY(tested.wait(15000));
    QVERIFY(!tested.at(0).at(0).toBool());
    QVERIFY2(page.resultLabel()->text().contains(QLatin1String("no_such_db")), qPrintable(page.resultLabel()->text()));
}

void TestSettings::passwordInStoreUrlIsRefused()
{
    auto ring = memoryRing({});
    SettingsDialog dialog(ring.get(), schema::ZodStyle::Zod3);
    dialog.show();
    dialog.storePage()->locationEdit()->setText(QStringLiteral("postgresql://qa:hunter2secret@127.0.0.1:5432/conform"));
    dialog.accept();
    QVERIFY(dialog.isVisible()); // not accepted
    QCOMPARE(dialog.tabs()->currentWidget(), dialog.storePage());
    QVERIFY(dialog.storePage()->resultLabel()->text().startsWith(QStringLiteral("Leave the password out of the URL")));
    QSettings settings;
    QVERIFY(!settings.value(QStringLiteral("store/location")).isValid());

    // Without the password it is taken: OK announces the change (what the Workspace follows,
    // see test_store_in_use) and Settings ▸ Store then names it as the store in use.
    const QByteArray environmentStore = qgetenv("CONFORM_STORE");
    qunsetenv("CONFORM_STORE");
    QSignalSpy announced(SettingsNotifier::instance(), &SettingsNotifier::changed);
    dialog.storePage()->locationEdit()->setText(QStringLiteral("postgresql://qa@127.0.0.1:5432/conform"));
    dialog.accept();
    QVERIFY(!dialog.isVisible());
    QVERIFY(announced.contains(QVariantList{settingkeys::storeLocation.name()}));
    SettingsDialog again(ring.get(), schema::ZodStyle::Zod3);
    QCOMPARE(again.storePage()->inUseLabel()->text(), QStringLiteral("In use: postgresql://qa@127.0.0.1:5432/conform"));
    QVERIFY(again.storePage()->overrideLabel()->isHidden());
    qputenv("CONFORM_STORE", environmentStore);
}

// Settings ▸ Prices: the built-in table (resources/prices.json: claude-opus-4-1 at $15 in,
// $75 out) edited, a row removed, a bad cell refused, and the built-in rows put back.
void TestSettings::pricesEditedAreThePricesInUse()
{
    QStandardPaths::setTestModeEnabled(true); // the prices file goes to a throw-away place
    QFile::remove(userPricesPath());
    QCOMPARE(pricesInUse().priceOf("anthropic", "claude-opus-4-1-20250805")->input, 15.0);
    auto ring = memoryRing({});
    SettingsDialog dialog(ring.get(), schema::ZodStyle::Zod3);
    dialog.show();
    QTableWidget* rows = dialog.pricesPage()->rows();
    QCOMPARE(std::size_t(rows->rowCount()), stats::PriceTable::builtIn().entries().size());
    int opus = -1, haiku = -1;
    for (int row = 0; row < rows->rowCount(); ++row) {
        if (rows->item(row, 1)->text() == QStringLiteral("claude-opus-4-1"))
            opus = row;
        if (rows->item(row, 1)->text() == QStringLiteral("claude-3-haiku"))
            haiku = row;
    }
    QVERIFY(opus >= 0 && haiku >= 0);
    QCOMPARE(rows->item(opus, 3)->text(), QStringLiteral("75"));
    rows->item(opus, 2)->setText(QStringLiteral("12.5"));
    rows->removeRow(haiku);
    dialog.accept();
    QVERIFY(!dialog.isVisible());
    QVERIFY(QFileInfo::exists(userPricesPath()));
    QCOMPARE(pricesInUse().priceOf("anthropic", "claude-opus-4-1")->input, 12.5);
    QVERIFY(!pricesInUse().priceOf("anthropic", "claude-3-haiku-20240307")); // removed: no price, not a guess
    QCOMPARE(pricesInUse().priceOf("ollama", "llama3.2")->input, 0.0);      // free either way

    SettingsDialog again(ring.get(), schema::ZodStyle::Zod3);
    again.show();
    QCOMPARE(again.pricesPage()->rows()->rowCount(), rows->rowCount());
    again.pricesPage()->rows()->item(0, 4)->setText(QStringLiteral("cheap"));
    again.accept();
    QVERIFY(again.isVisible()); // refused
    QCOMPARE(again.tabs()->currentWidget(), again.pricesPage());
    QTest::mouseClick(again.pricesPage()->findChildren<QPushButton*>().last(), Qt::LeftButton); // Built-in prices
    again.accept();
    QVERIFY(!again.isVisible());
    QVERIFY(!QFileInfo::exists(userPricesPath()));
    QCOMPARE(pricesInUse().priceOf("anthropic", "claude-opus-4-1")->input, 15.0);
}

void TestSettings::themeFollowsTheChoice()
{
    const QColor systemWindow = QApplication::palette().color(QPalette::Window);
    auto ring = memoryRing({});
    SettingsDialog dark(ring.get(), schema::ZodStyle::Zod3);
    dark.themeCombo()->setCurrentIndex(dark.themeCombo()->findData(int(Theme::Dark)));
    dark.accept();
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
    QVERIFY(QApplication::palette().color(QPalette::Text).lightness() > 180);
    QCOMPARE(AppSettings::load().theme, Theme::Dark);

    SettingsDialog system(ring.get(), schema::ZodStyle::Zod3);
    QCOMPARE(system.themeCombo()->currentData().toInt(), int(Theme::Dark));
    system.themeCombo()->setCurrentIndex(system.themeCombo()->findData(int(Theme::System)));
    system.accept();
    QCOMPARE(QApplication::palette().color(QPalette::Window), systemWindow);
}

void TestSettings::darkThemeReachesEditorsAndBadges()
{
    // Widgets made before the switch: Scintilla and style-sheet colours do not follow the
    // palette by themselves.
    CodeEditor json(CodeEditor::Kind::Json);
    CodeEditor plain(CodeEditor::Kind::Plain);
    ToneLabel badge(nullptr, Tone::Success, ToneLabel::Look::Badge);
    QTemporaryDir storeDir;
    const auto location = store::StoreLocation::parse(storeDir.filePath(QStringLiteral("captures.db")));
    QVERIFY(location);
    CaptureFilterBar filters(QStringLiteral("test/filters"));
    Dashboard dashboard(location.value(), &filters);
    dashboard.show();
    const auto chartTheme = [&dashboard] { return dashboard.chartView(DashboardChart::OutcomeMix)->chart()->theme(); };
    QCOMPARE(chartTheme(), QChart::ChartThemeLight);
    json.show();
    plain.show();
    badge.show();
    const auto lightness = [](const QColor& colour) { return colour.lightness(); };
    QVERIFY(lightness(json.lexer()->paper(QsciLexerJSON::Property)) > 200);
    const QString lightBadge = badge.styleSheet();

    auto ring = memoryRing({});
    SettingsDialog dark(ring.get(), schema::ZodStyle::Zod3);
    dark.themeCombo()->setCurrentIndex(dark.themeCombo()->findData(int(Theme::Dark)));
    dark.accept();
    // Qt hands the new palette to existing widgets from the event loop.
    QTRY_VERIFY(lightness(json.palette().color(QPalette::Window)) < 80);
    for (int style : {int(QsciLexerJSON::Default), int(QsciLexerJSON::Property), int(QsciLexerJSON::String),
                      int(QsciLexerJSON::Number), int(QsciLexerJSON::Keyword)}) {
        QVERIFY2(lightness(json.lexer()->paper(style)) < 60, qPrintable(json.lexer()->paper(style).name()));
        QVERIFY2(lightness(json.lexer()->color(style)) > 120, qPrintable(json.lexer()->color(style).name()));
    }
    QVERIFY(lightness(plain.paper()) < 60);
    QVERIFY(lightness(plain.color()) > 160);
    QVERIFY(badge.styleSheet() != lightBadge);
    QVERIFY(badge.styleSheet().contains(statusColours().success.name()));
    QTRY_COMPARE(chartTheme(), QChart::ChartThemeDark);

    SettingsDialog light(ring.get(), schema::ZodStyle::Zod3);
    light.themeCombo()->setCurrentIndex(light.themeCombo()->findData(int(Theme::Light)));
    light.accept();
    QTRY_VERIFY(lightness(json.lexer()->paper(QsciLexerJSON::Property)) > 200);
    QVERIFY(lightness(json.lexer()->color(QsciLexerJSON::Property)) < 120);
    QCOMPARE(badge.styleSheet(), lightBadge);
    QTRY_COMPARE(chartTheme(), QChart::ChartThemeLight);
}

void TestSettings::defaultsReachTheRunTab()
{
    AppSettings settings;
    settings.providers[ProviderKind::OpenAI] = {QStringLiteral("http://127.0.0.1:4011/v1"), QStringLiteral("gpt-from-settings")};
    settings.save();
    RunTargetForm form;
    form.providerCombo()->setCurrentText(QStringLiteral("openai"));
    auto target = form.target();
    QVERIFY(target.ok());
    QCOMPARE(target->model, std::string("gpt-from-settings"));
    QCOMPARE(target->baseUrl, std::string("http://127.0.0.1:4011/v1"));
    form.providerCombo()->setCurrentText(QStringLiteral("anthropic"));
    QCOMPARE(form.target()->model, builtInDefaultModel(ProviderKind::Anthropic).toStdString());
    // The Responses API: a Run target of its own, with OpenAI's settings.
    form.providerCombo()->setCurrentText(QStringLiteral("OpenAI · Responses API"));
    target = form.target();
    QVERIFY(target.ok());
    QCOMPARE(target->provider, ProviderKind::OpenAIResponses);
    QCOMPARE(target->model, std::string("gpt-from-settings"));
    QCOMPARE(target->baseUrl, std::string("http://127.0.0.1:4011/v1"));
}

void TestSettings::keychainKeyReachesTheRequest()
{
    RecordingServer provider;
    QVERIFY(provider.listen(QHostAddress::LocalHost));
    AppSettings settings; // the base URL comes from the settings, as a user would set it
    settings.providers[ProviderKind::OpenAI] = {QStringLiteral("http://127.0.0.1:%1/v1").arg(provider.serverPort()), {}};
    settings.save();
    auto ring = memoryRing({});
    QSignalSpy changed(ring.get(), &keys::KeyRing::changed);
    ring->store(ProviderKind::OpenAI, kKeychainKey);
    QVERIFY(changed.wait(10000));

    QTemporaryDir workspace;
    MainWindow window(workspace.path());
    RunPane* pane = window.runPane();
    pane->setEnvironment(ring->environment());
    window.schemaEditor()->setText(QStringLiteral(R"({"type": "object"})"));
    pane->userEdit()->setPlainText(QStringLiteral("Say {}."));
    pane->targetForm()->providerCombo()->setCurrentText(QStringLiteral("openai"));
    pane->run();
    QTRY_VERIFY_WITH_TIMEOUT(pane->lastRecord().has_value(), 15000);
    QVERIFY2(provider.request.toLower().contains(QByteArray(QByteArray("authorization: bearer ") + kKeychainKey)),
             provider.request.constData());
}

void TestSettings::systemKeychainRoundTrip()
{
    KeyringSession keyring;
    REQUIRE_DEPENDENCY(keyring.start(), keyring.error());
    KeychainBackend backend(QStringLiteral("ConformTest"));
    QObject context;

    std::optional<Status> written;
    backend.write("openai-api-key", kKeychainKey, &context, [&](Status status) { written = status; });
    QTRY_VERIFY_WITH_TIMEOUT(written.has_value(), 10000);
    QVERIFY2(written->ok(), written->ok() ? "" : written->error().toString().c_str());

    std::optional<Result<std::optional<std::string>>> read;
    backend.read("openai-api-key", &context, [&](Result<std::optional<std::string>> result) { read = result; });
    QTRY_VERIFY_WITH_TIMEOUT(read.has_value(), 10000);
    QVERIFY2(read->ok(), read->ok() ? "" : read->error().toString().c_str());
    QCOMPARE(read->value().value_or(""), std::string(kKeychainKey));

    std::optional<Status> removed;
    backend.remove("openai-api-key", &context, [&](Status status) { removed = status; });
    QTRY_VERIFY_WITH_TIMEOUT(removed.has_value(), 10000);
    QVERIFY(removed->ok());
    read.reset();
    backend.read("openai-api-key", &context, [&](Result<std::optional<std::string>> result) { read = result; });
    QTRY_VERIFY_WITH_TIMEOUT(read.has_value(), 10000);
    QVERIFY(read->ok());
    QVERIFY(!read->value().has_value()); // gone: reads as no entry, not as an error
}

QTEST_MAIN(TestSettings)
#include "test_settings.moc"
