#include "batch/batchpanel.h"

#include "settings/settingkeys.h"
#include "async/backgroundtask.h"
#include "batch/batchtallymodel.h"
#include "captures/capturestore.h"
#include "document/rundraft.h"

#include "batch/batch.h"
#include "providers/scenario.h"
#include "schema/schema.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <map>

namespace conform::gui {

namespace {

// A demo that brings its own schema runs with its own prompt too, as `conform-cli run
// --scenario` runs it: the Run tab's prompt was written for the Run tab's schema, and a capture
// pairing it with the demo's schema would file the demo under that prompt's version, and with
// its own variables. Only the policy (and the stream choice) is the batch's; the mode is the
// target's (a demo ticked in the list plays in its own: checkedTargets).
engine::RunSpec demoSpec(const engine::RunSpec& spec, const providers::Scenario& scenario, const Json& schema)
{
    engine::RunSpec own = spec;
    own.schema = schema;
    own.validator.reset();
    own.prompt = engine::Prompt{scenario.promptSystem, scenario.ownUserPrompt(), scenario.variables, {}};
    return own;
}

// Compiles every schema of the plan that has no validator yet, each distinct one once.
Result<BatchPlan> compilePlan(BatchPlan plan)
{
    std::map<std::string, std::shared_ptr<const schema::Validator>> compiled;
    const auto compile = [&compiled](engine::RunSpec& spec) -> Status {
        if (spec.validator || spec.schema.is_null())
            return Done{};
        const std::string key = spec.schema.dump();
        auto& validator = compiled[key];
        if (!validator) {
            auto made = schema::Validator::compile(spec.schema);
            if (!made)
                return made.error();
            validator = std::make_shared<const schema::Validator>(std::move(made.value()));
        }
        spec.validator = validator;
        return Done{};
    };
    if (auto done = compile(plan.spec); !done)
        return done.error();
    for (auto& own : plan.ownSpecs)
        if (own)
            if (auto done = compile(*own); !done)
                return done.error();
    return plan;
}

constexpr int kScenarioPathRole = Qt::UserRole + 1; // built-in scenario: its file
constexpr int kProviderRole = Qt::UserRole + 2;     // a provider's default model: its name
constexpr int kRunTabRole = Qt::UserRole + 3;       // the Run tab's own target

const QString kRunTabLabel = QStringLiteral("run-tab");

struct ProviderDefault
{
    providers::ProviderKind kind;
    const char* model;
};
const ProviderDefault kProviderDefaults[] = {{providers::ProviderKind::Anthropic, "claude-sonnet-4-5"},
                                             {providers::ProviderKind::OpenAI, "gpt-4o-mini"},
                                             {providers::ProviderKind::Ollama, "llama3.1"}};

QString labelOf(const engine::Target& target)
{
    return QString::fromStdString(target.label());
}

// The item's key in settings and in checkTargets(): its label, or "run-tab".
QString keyOf(const QListWidgetItem* item)
{
    return item->data(kRunTabRole).toBool() ? kRunTabLabel : item->text();
}

} // namespace

BatchPanel::BatchPanel(CaptureStore* store, QWidget* parent)
    : QWidget(parent), m_store(store), m_targets(new QListWidget(this)), m_repeats(new QComboBox(this)),
      m_concurrency(new QSpinBox(this)), m_runButton(new QPushButton(tr("Run ×N"), this)),
      m_cancelButton(new QPushButton(tr("Cancel"), this)), m_status(new QLabel(this)), m_view(new QTableView(this)),
      m_model(new BatchTallyModel(this)), m_legend(new QLabel(this))
{
    for (int n : {1, 5, 20, 100})
        m_repeats->addItem(QString::number(n), n);
    m_repeats->setCurrentIndex(2);
    m_repeats->setToolTip(tr("Runs per target"));
    m_concurrency->setRange(1, 32);
    m_concurrency->setValue(4);
    m_concurrency->setToolTip(tr("Runs in flight at most"));
    m_runButton->setShortcut(QKeySequence(tr("Ctrl+Shift+Return")));
    m_runButton->setToolTip(tr("Run the Run tab's spec N times against every ticked target (%1)").arg(m_runButton->shortcut().toString(QKeySequence::NativeText)));
    m_cancelButton->setShortcut(QKeySequence(tr("Ctrl+Shift+Backspace")));
    m_status->setTextFormat(Qt::PlainText);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Runs per target"), this));
    controls->addWidget(m_repeats);
    controls->addWidget(new QLabel(tr("At once"), this));
    controls->addWidget(m_concurrency);
    controls->addWidget(m_runButton);
    controls->addWidget(m_cancelButton);
    controls->addWidget(m_status, 1);

    m_view->setModel(m_model);
    m_view->setItemDelegateForColumn(BatchTallyModel::Rate, new OutcomeBarDelegate(m_view));
    m_view->verticalHeader()->hide();
    // The schema-and-prompt column is last and takes what is left, elided (whole in its
    // tooltip), so the figures before it stay in view at 1024 px.
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setMinimumSectionSize(48);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setToolTip(tr("Double-click a row for its runs in Captures"));
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (m_runner && index.isValid())
            emit openRuns(QStringLiteral("batch=%1 target=%2").arg(QString::fromStdString(m_runner->batchId()), m_model->targetAt(index.row())));
    });
    fitColumns();
    m_legend->setObjectName(QStringLiteral("outcomeLegend"));
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setText(OutcomeBarDelegate::legendHtml(palette()));
    m_targets->setToolTip(tr("Targets to run against"));

    auto* results = new QWidget(this);
    auto* resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(m_view, 1);
    resultsLayout->addWidget(m_legend);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_targets);
    splitter->addWidget(results);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({170, 780});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(controls);
    layout->addWidget(splitter, 1);

    fillTargets();
    restoreSettings();
    connect(m_runButton, &QPushButton::clicked, this, &BatchPanel::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &BatchPanel::cancel);
    setRunning(false);
    m_status->setText(tr("Tick targets, pick N, Run."));
}

BatchPanel::~BatchPanel()
{
    saveSettings();
}

void BatchPanel::fillTargets()
{
    auto add = [this](const QString& text, int role, const QVariant& value) {
        auto* item = new QListWidgetItem(text, m_targets);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        item->setData(role, value);
    };
    add(tr("Run tab target"), kRunTabRole, true);
    for (const QString& path : providers::builtinScenarioPaths())
        add(QStringLiteral("scenario/") + QFileInfo(path).completeBaseName(), kScenarioPathRole, path);
    for (const ProviderDefault& p : kProviderDefaults)
        add(QString::fromLatin1(providers::providerName(p.kind).data()) + QLatin1Char('/') + QString::fromLatin1(p.model), kProviderRole,
            int(p.kind));
    m_targets->item(0)->setCheckState(Qt::Checked);
}

void BatchPanel::checkTargets(const QStringList& labels)
{
    for (int i = 0; i < m_targets->count(); ++i)
        m_targets->item(i)->setCheckState(labels.contains(keyOf(m_targets->item(i))) ? Qt::Checked : Qt::Unchecked);
}

void BatchPanel::setRepeats(int n)
{
    if (n < 1)
        return;
    if (m_repeats->findData(n) < 0) // beyond the usual choices: a soak test of 1,000
        m_repeats->addItem(QString::number(n), n);
    m_repeats->setCurrentIndex(m_repeats->findData(n));
}

void BatchPanel::setConcurrency(int n)
{
    m_concurrency->setValue(n);
}

bool BatchPanel::isRunning() const
{
    return m_compiling || (m_runner && m_runner->running());
}

Result<std::vector<engine::Target>> BatchPanel::checkedTargets(const engine::RunSpec& spec, QStringList* labels) const
{
    std::vector<engine::Target> targets;
    for (int i = 0; i < m_targets->count(); ++i) {
        const QListWidgetItem* item = m_targets->item(i);
        if (item->checkState() != Qt::Checked)
            continue;
        engine::Target target;
        if (item->data(kRunTabRole).toBool()) {
            if (spec.targets.empty())
                return Error{tr("the Run tab has no target").toStdString(), {}};
            target = spec.targets.front();
            if (target.scenario && target.scenario->paceMs > 0) { // the demo pace is for watching one run
                auto unpaced = std::make_shared<providers::Scenario>(*target.scenario);
                unpaced->paceMs = 0;
                target.scenario = std::move(unpaced);
            }
        } else if (const QString path = item->data(kScenarioPathRole).toString(); !path.isEmpty()) {
            auto scenario = providers::loadScenario(path);
            if (!scenario)
                return Error{scenario.error().message, scenario.error().where};
            target.provider = providers::ProviderKind::Scenario;
            target.model = scenario->name;
            target.mode = scenario->mode.value_or(engine::ModeChoice::Auto); // the mode it is meant to run in
            target.scenario = std::make_shared<const providers::Scenario>(std::move(scenario.value()));
        } else {
            target.provider = static_cast<providers::ProviderKind>(item->data(kProviderRole).toInt());
            target.model = item->text().section(QLatin1Char('/'), 1).toStdString();
        }
        *labels << labelOf(target);
        targets.push_back(std::move(target));
    }
    if (targets.empty())
        return Error{tr("tick at least one target").toStdString(), {}};
    return targets;
}

void BatchPanel::run()
{
    if (isRunning() || !m_source)
        return;
    auto spec = m_source();
    if (!spec)
        return m_status->setText(tr("error: %1").arg(QString::fromStdString(spec.error().toString())));
    QStringList labels;
    auto targets = checkedTargets(spec.value(), &labels);
    if (!targets)
        return m_status->setText(tr("error: %1").arg(QString::fromStdString(targets.error().toString())));
    // A demo written for another schema (or any demo, when the schema editor is empty) runs
    // with its own schema and prompt (demoSpec); its row says so.
    BatchPlan plan;
    plan.ownSpecs.resize(targets->size());
    bool usesEditorSchema = false;
    for (std::size_t i = 0; i < targets->size(); ++i) {
        const engine::Target& target = targets.value()[i];
        if (const Json* own = scenarioSchemaFor(target, &spec->schema))
            plan.ownSpecs[i] = demoSpec(spec.value(), *target.scenario, *own);
        else
            usesEditorSchema = true;
    }
    if (usesEditorSchema && spec->schema.is_null())
        return m_status->setText(tr("error: the schema editor is empty"));
    plan.spec = std::move(spec.value());
    // Each schema compiled once for the whole batch, off the GUI thread.
    m_compiling = true;
    m_cancelled = false;
    setRunning(true);
    m_status->setText(tr("compiling the schema…"));
    runInBackground(this, [plan = std::move(plan)]() mutable { return compilePlan(std::move(plan)); },
                    [this, targets = std::move(targets.value()), labels](Result<BatchPlan> compiled) mutable {
                        m_compiling = false;
                        if (m_cancelled) { // cancelled while the schema compiled: nothing starts
                            setRunning(false);
                            m_status->setText(tr("cancelled"));
                            return emit batchFinished(true);
                        }
                        if (!compiled) {
                            setRunning(false);
                            return m_status->setText(tr("error: schema: %1").arg(QString::fromStdString(compiled.error().toString())));
                        }
                        startBatch(std::move(compiled.value()), std::move(targets), labels);
                    });
}

void BatchPanel::startBatch(BatchPlan plan, std::vector<engine::Target> targets, const QStringList& labels)
{
    m_runner.reset(); // before the writer it wrote to
    m_writer = m_store ? m_store->sharedWriter() : nullptr;
    m_runner = std::make_unique<batch::BatchRunner>(m_writer.get());
    batch::BatchSpec b;
    b.spec = std::move(plan.spec);
    b.ownSpecs = std::move(plan.ownSpecs);
    b.targets = std::move(targets);
    b.repeats = m_repeats->currentData().toInt();
    b.concurrency = m_concurrency->value();
    b.labels = {{"source", "workbench-batch"}};
    if (m_environment)
        b.environment = m_environment();
    m_model->reset(m_runner.get(), labels, b.repeats);
    fitColumns();
    connect(m_runner.get(), &batch::BatchRunner::tallyChanged, this, [this](int target) {
        showStatus();
        m_model->refreshRow(target);
    });
    connect(m_runner.get(), &batch::BatchRunner::finished, this, [this](bool cancelled) {
        m_cancelled = cancelled;
        setRunning(false);
        showStatus();
        fitColumns();
        emit batchFinished(cancelled);
    });
    m_cancelled = false;
    // Cancel is live, and Run is not, from the first call to the last.
    setRunning(true);
    m_runner->start(std::move(b));
    showStatus();
}

void BatchPanel::fitColumns()
{
    m_view->resizeColumnsToContents();
    // The bar needs room to be read; a long target label is elided rather than pushing the rest.
    m_view->setColumnWidth(BatchTallyModel::Rate, std::max(m_view->columnWidth(BatchTallyModel::Rate), 96));
    m_view->setColumnWidth(BatchTallyModel::Target, std::min(m_view->columnWidth(BatchTallyModel::Target), 140));
}

void BatchPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        m_legend->setText(OutcomeBarDelegate::legendHtml(palette()));
}

void BatchPanel::cancel()
{
    if (m_compiling)
        m_cancelled = true; // seen when the compile ends
    else if (m_runner)
        m_runner->cancel();
}

void BatchPanel::setRunning(bool running)
{
    m_runButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    m_targets->setEnabled(!running);
    m_repeats->setEnabled(!running);
    m_concurrency->setEnabled(!running);
}

void BatchPanel::showStatus()
{
    if (!m_runner)
        return;
    std::int64_t success = 0, count = 0;
    for (int t = 0; t < m_runner->targetCount(); ++t) {
        success += m_runner->tally(t).valid + m_runner->tally(t).repaired;
        count += m_runner->tally(t).count;
    }
    const QString rate = count ? QStringLiteral("%1%").arg(100.0 * double(success) / double(count), 0, 'f', 1) : QStringLiteral("—");
    QString text = tr("%1 / %2 runs · final success %3").arg(m_runner->runsDone()).arg(m_runner->runsPlanned()).arg(rate);
    if (!m_runner->running())
        text += m_cancelled ? tr(" · cancelled") : tr(" · done");
    m_status->setText(text);
}

void BatchPanel::saveSettings() const
{
    QSettings settings;
    QStringList checked;
    for (int i = 0; i < m_targets->count(); ++i)
        if (m_targets->item(i)->checkState() == Qt::Checked)
            checked << keyOf(m_targets->item(i));
    settingkeys::batchTargets.write(settings, checked);
    settingkeys::batchRepeats.write(settings, m_repeats->currentData());
    settingkeys::batchConcurrency.write(settings, m_concurrency->value());
}

void BatchPanel::restoreSettings()
{
    const QSettings settings;
    if (settings.contains(settingkeys::batchTargets.name()))
        checkTargets(settingkeys::batchTargets.read(settings));
    const QVariant repeats = settingkeys::batchRepeats.read(settings);
    setRepeats(repeats.isValid() ? repeats.toInt() : 20);
    setConcurrency(settingkeys::batchConcurrency.read(settings));
}

} // namespace conform::gui
