// The fixture of test_gui_memory and the helpers its two files share.
#include "memory_fixture.h"

namespace memorytest {

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString goalSchemaPath()
{
    return QStringLiteral(CONFORM_SOURCE_DIR "/schemas/goal-generator/schema.json");
}

// The goal schema allowing four goals at most instead of seven.
QByteArray editedGoalSchema()
{
    QByteArray text = readFile(goalSchemaPath());
    text.replace("\"maxItems\": 7", "\"maxItems\": 4");
    return text;
}

std::int64_t countWhere(const QString& storePath, const std::vector<std::pair<std::string, std::string>>& filters)
{
    auto location = store::StoreLocation::parse(storePath);
    auto opened = store::Store::open(location.value(), store::OpenOptions{false});
    if (!opened)
        return -1;
    store::Filter filter;
    for (const auto& [name, value] : filters)
        if (!filter.set(name, value))
            return -2;
    auto n = opened.value()->count(filter);
    return n ? n.value() : -3;
}

// With CONFORM_SCREENSHOT_DIR set (packaging/screenshots.sh, under Xvfb), the dock's view as a
// window of its own, big enough to read, saved as NAME.png there.
void saveScreenshot(QWidget* view, const QString& name)
{
    const QString dir = qEnvironmentVariable("CONFORM_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    // The whole window, as a user sees the view's activity.
    QWidget* window = view->window();
    window->resize(1400, 860);
    QTest::qWait(300); // charts and tables lay themselves out
    window->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}


// Runs `count` fenced-reply runs (valid) in process into the store at `path`.
bool seedStore(const QString& path, int count)
{
    auto location = store::StoreLocation::parse(path);
    store::CaptureWriter writer(location.value());
    if (!writer.waitUntilOpen())
        return false;
    batch::BatchRunner runner(&writer);
    batch::BatchSpec spec;
    auto scenario = providers::loadScenario(QStringLiteral(":/scenarios/fenced-reply.json"));
    if (!scenario)
        return false;
    spec.spec.schema = json::parseStrict(readFile(goalSchemaPath()).toStdString()).value();
    spec.spec.prompt.user = "Goals, please.";
    engine::Target target;
    target.provider = providers::ProviderKind::Scenario;
    target.model = scenario->name;
    target.scenario = std::make_shared<const providers::Scenario>(std::move(scenario.value()));
    spec.targets = {target};
    spec.repeats = count;
    spec.concurrency = 4;
    QSignalSpy finished(&runner, &batch::BatchRunner::finished);
    runner.start(std::move(spec));
    return finished.wait(60000) && writer.flush().ok();
}

qint64 hugeStoreSize()
{
    // CONFORM_HUGE_STORE=10000000 measures the huge-store tests at another size (tests/benchmarks/README.md's
    // ten million); the store is then made once in the build folder, some gigabytes.
    if (const qint64 asked = qEnvironmentVariableIntValue("CONFORM_HUGE_STORE"); asked > 0)
        return asked;
    return soakSize<qint64>(100000, 1000000);
}

// The huge store, made once and kept in the build folder: a test's own time is then the
// view's. Copies of four fenced-reply captures (all valid), each copy an hour earlier.
QString hugeCaptureStore()
{
    const qint64 size = hugeStoreSize();
    const QString fixture = QStringLiteral(CONFORM_TEST_BUILD_DIR "/memory-%1.db").arg(size);
    if (countWhere(fixture, {}) != size) {
        for (const char* suffix : {"", "-wal", "-shm"})
            QFile::remove(fixture + QString::fromLatin1(suffix));
        if (!seedStore(fixture, 4) || !growStore(fixture, size, false))
            return {};
    }
    return fixture;
}


// The model's column `column` as text, row by row (for checking an order).
QStringList columnTexts(QAbstractItemModel* model, int column)
{
    QStringList texts;
    for (int row = 0; row < model->rowCount(); ++row)
        texts << model->index(row, column).data().toString();
    return texts;
}

// Clicks the table's header on `column`, as a user sorts.
void clickHeader(QTableView* table, int column)
{
    QHeaderView* header = table->horizontalHeader();
    const QPoint at(header->sectionViewportPosition(column) + header->sectionSize(column) / 2, header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
}

} // namespace memorytest

void TestGuiMemory::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings and the reproduce folder go to a throw-away place
    QCoreApplication::setOrganizationName(QStringLiteral("ConformTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_gui_memory"));
    qputenv("OPENAI_API_KEY", "notakey-test-memory-SECRET");
}

void TestGuiMemory::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    m_storeDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid() && m_storeDir->isValid());
    // Not inside the workspace: the workspace tree opens and closes the files it shows, and
    // closing any descriptor of a file drops the SQLite locks this process holds on it.
    m_storePath = m_storeDir->filePath(QStringLiteral("captures.db"));
}

void TestGuiMemory::openWindow(const QString& storePath)
{
    qputenv("CONFORM_STORE", storePath.toUtf8());
    m_window = std::make_unique<MainWindow>(m_dir->path());
    m_window->resize(1500, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY2(memory()->store()->ok(), qPrintable(memory()->store()->errorString()));
}

void TestGuiMemory::cleanup()
{
    m_window.reset();
    m_dir.reset();
    m_storeDir.reset();
}

void TestGuiMemory::useGoalSchema(const QByteArray& text)
{
    m_window->schemaEditor()->setText(QString::fromUtf8(text));
    m_window->runPane()->userEdit()->setPlainText(QStringLiteral("Incident: the birthday cake vanished."));
}

RevalidatePanel* TestGuiMemory::revalidationOfEveryCapture()
{
    m_window->showActivity(Activity::Captures);
    memory()->browser()->filterBar()->setField(QStringLiteral("outcome"), QString());
    m_window->schemaEditor()->setText(QString::fromUtf8(editedGoalSchema()));
    return memory()->browser()->revalidatePanel();
}

void TestGuiMemory::runBatch(const QStringList& targets, int repeats, int concurrency, int timeoutMs)
{
    BatchPanel* panel = memory()->batchPanel();
    panel->checkTargets(targets);
    panel->setRepeats(repeats);
    panel->setConcurrency(concurrency);
    QSignalSpy finished(panel, &BatchPanel::batchFinished);
    panel->run();
    QVERIFY(finished.wait(timeoutMs));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QVERIFY(memory()->store()->writer()->flush().ok());
}

QTEST_MAIN(TestGuiMemory)
