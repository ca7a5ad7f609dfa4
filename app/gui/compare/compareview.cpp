#include "compare/compareview.h"

#include "async/backgroundtask.h"
#include "captures/capturestore.h"
#include "compare/comparematrix.h"
#include "compare/compareplan.h"
#include "compare/linediff.h"
#include "document/rundraft.h"
#include "settings/appsettings.h"
#include "widgets/codeeditor.h"

#include "stats/prices.h"
#include "store/capture_spec.h"
#include "store/store.h"
#include "store/writer.h"
#include "suite/comparison_report.h"
#include "suite/runner.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

// A variant's texts, as the difference view shows them: its prompts, then its schema.
QString textsOf(const suite::VariantCases& variant)
{
    if (variant.cases.empty())
        return {};
    const suite::SuiteCase& c = variant.cases.front();
    QString text = QStringLiteral("# system\n") + QString::fromStdString(c.prompt.system) + QStringLiteral("\n\n# user\n")
                   + QString::fromStdString(c.prompt.user) + QStringLiteral("\n");
    for (const auto& [name, value] : c.prompt.variables)
        text += QStringLiteral("{{%1}} = %2\n").arg(QString::fromStdString(name), QString::fromStdString(value));
    return text + QStringLiteral("\n# schema\n") + QString::fromStdString(c.schema.dump(2, ' ', false, Json::error_handler_t::replace)) + QLatin1Char('\n');
}

CodeEditor* readOnlyText(QWidget* parent)
{
    auto* editor = new CodeEditor(CodeEditor::Kind::Plain, parent);
    editor->setReadOnly(true);
    editor->setWrapMode(QsciScintilla::WrapWord);
    return editor;
}

// A version from history: the case the capture `id` ran (its schema, prompts, variables,
// policy), read through a connection of its own (called off the GUI thread).
Result<suite::SuiteCase> caseOfStoredCapture(const store::StoreLocation& location, const std::string& id)
{
    auto opened = store::Store::open(location, store::OpenOptions{false});
    if (!opened)
        return opened.error();
    auto capture = opened.value()->capture(id);
    if (!capture)
        return capture.error();
    if (!capture->has_value())
        return Error{"no capture " + id + " in " + location.display(), "history"};
    return suite::caseOfSpec("default", store::specOfCapture(*capture.value()));
}

} // namespace

CompareView::CompareView(RunDraft* draft, CaptureStore* store, QWidget* parent)
    : QWidget(parent), m_draft(draft), m_store(store), m_plan(new ComparePlan(this)), m_variantList(new QListWidget(this)), m_targetList(new QListWidget(this)),
      m_repeat(new QSpinBox(this)), m_baseline(new QComboBox(this)), m_run(new QPushButton(tr("Run"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_history(new QToolButton(this)), m_export(new QToolButton(this)),
      m_status(new QLabel(this)), m_verdicts(new QLabel(this)), m_table(new QTableView(this)), m_matrix(new CompareMatrix(this)),
      m_baselineText(readOnlyText(this)), m_variantText(readOnlyText(this))
{
    auto* open = new QPushButton(tr("Open comparison…"), this);
    auto* save = new QPushButton(tr("Save comparison…"), this);
    save->setToolTip(tr("The variants, targets, repeats and baseline as a comparison file, for conform-cli compare"));
    auto* addDraft = new QPushButton(tr("Add the draft"), this);
    addDraft->setToolTip(tr("The schema, prompts, variables and policy as they stand, as a variant"));
    auto* addTarget = new QPushButton(tr("Add the Run target"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    remove->setToolTip(tr("Remove the selected variant or target"));
    m_history->setText(tr("Add from history"));
    m_history->setToolTip(tr("A prompt version the store has seen, with the schema it ran against"));
    m_history->setPopupMode(QToolButton::InstantPopup);
    m_history->setMenu(new QMenu(m_history));
    m_export->setText(tr("Export"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(m_export);
    m_export->setMenu(exportMenu);
    m_export->setEnabled(false);
    m_repeat->setRange(1, 100000);
    m_repeat->setValue(20);
    m_repeat->setToolTip(tr("Runs of each variant on each target"));
    m_baseline->setToolTip(tr("What the others are compared with"));
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_baseline->setMinimumContentsLength(10);
    m_cancel->setEnabled(false);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdicts->setWordWrap(true);
    m_verdicts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_variantList->setToolTip(tr("Variants: what differs (a schema, prompts, variables, a policy); double-click to rename"));
    m_targetList->setToolTip(tr("Targets: every variant runs on each"));
    m_table->setModel(m_matrix);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setToolTip(tr("Double-click a cell to open its captures"));

    // Two rows of controls, so the smallest window (1024 px) keeps every button whole.
    auto* setup = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{open, save, addDraft, m_history, addTarget, remove})
        setup->addWidget(w);
    setup->addStretch(1);
    auto* runBar = new QHBoxLayout;
    runBar->addWidget(new QLabel(tr("Repeats"), this));
    runBar->addWidget(m_repeat);
    runBar->addWidget(new QLabel(tr("Baseline"), this));
    runBar->addWidget(m_baseline, 1);
    runBar->addWidget(m_run);
    runBar->addWidget(m_cancel);
    runBar->addWidget(m_export);
    auto* lists = new QSplitter(Qt::Horizontal, this);
    lists->addWidget(m_variantList);
    lists->addWidget(m_targetList);
    auto* texts = new QSplitter(Qt::Horizontal, this);
    texts->addWidget(m_baselineText);
    texts->addWidget(m_variantText);
    auto* results = new QWidget(this);
    auto* resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(m_table, 1);
    resultsLayout->addWidget(m_verdicts);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("compareSplitter"));
    split->addWidget(lists);
    split->addWidget(results);
    split->addWidget(texts);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    split->setSizes({110, 330, 200});
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(setup);
    layout->addLayout(runBar);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    setStatus(tr("Open a comparison file (*.compare.json), or add the draft and a version from history, then Run."));

    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open comparison"), QString(), tr("Comparisons (*.compare.json);;JSON (*.json)"));
        if (!path.isEmpty())
            openComparison(path);
    });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save comparison"), m_plan->filePath(),
                                                          tr("Comparisons (*.compare.json);;JSON (*.json)"));
        if (!path.isEmpty())
            saveComparison(path);
    });
    connect(m_variantList, &QListWidget::itemDoubleClicked, this,
            [this](QListWidgetItem* item) { askNewName(m_variantList->row(item)); });
    connect(addDraft, &QPushButton::clicked, this, &CompareView::addDraftVariant);
    connect(addTarget, &QPushButton::clicked, this, &CompareView::addRunTarget);
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_variantList->hasFocus() || m_targetList->currentRow() < 0)
            removeVariant(m_variantList->currentRow());
        else
            removeTarget(m_targetList->currentRow());
    });
    connect(m_history->menu(), &QMenu::aboutToShow, this, &CompareView::loadVersions);
    connect(this, &CompareView::versionsLoaded, this, [this](const QStringList& ids, const QStringList& descriptions) {
        QMenu* menu = m_history->menu();
        menu->clear();
        if (ids.isEmpty())
            menu->addAction(tr("The store has no captures yet"))->setEnabled(false);
        for (qsizetype i = 0; i < ids.size(); ++i) {
            const QString id = ids[i];
            const QString name = m_versionNames.value(i); // from the version's data, not the menu's words
            connect(menu->addAction(descriptions[i]), &QAction::triggered, this, [this, id, name] { addVersion(id, name); });
        }
    });
    const auto exportAs = [this](const QString& name, const QString& types) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export"), name, types);
        if (path.isEmpty())
            return;
        const QString error = exportReport(path);
        setStatus(error.isEmpty() ? tr("Wrote %1.").arg(path) : error);
    };
    connect(exportMenu->addAction(tr("Report as JSON…")), &QAction::triggered, this,
            [exportAs] { exportAs(QStringLiteral("comparison.json"), tr("JSON (*.json)")); });
    connect(exportMenu->addAction(tr("Report as Markdown…")), &QAction::triggered, this,
            [exportAs] { exportAs(QStringLiteral("comparison.md"), tr("Markdown (*.md)")); });
    connect(exportMenu->addAction(tr("Matrix as PNG or SVG…")), &QAction::triggered, this,
            [exportAs] { exportAs(QStringLiteral("comparison.png"), tr("Images (*.png *.svg)")); });
    // The controls edit the plan; the view shows what the plan says, whoever changed it (undo too).
    connect(m_repeat, &QSpinBox::valueChanged, m_plan, &ComparePlan::setRepeat);
    connect(m_baseline, &QComboBox::activated, this, [this](int index) { m_plan->setBaseline(m_baseline->itemText(index)); });
    connect(m_plan, &ComparePlan::variantsChanged, this, [this] {
        refreshLists();
        emit variantsChanged();
    });
    connect(m_plan, &ComparePlan::targetsChanged, this, &CompareView::refreshLists);
    connect(m_plan, &ComparePlan::baselineChanged, this, &CompareView::refreshLists);
    connect(m_plan, &ComparePlan::repeatChanged, this, &CompareView::refreshLists);
    connect(m_variantList, &QListWidget::currentRowChanged, this, &CompareView::showDifferences);
    connect(m_run, &QPushButton::clicked, this, &CompareView::run);
    connect(m_cancel, &QPushButton::clicked, this, &CompareView::cancel);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (!index.data(CompareMatrix::CaptureIdsRole).toStringList().isEmpty())
            emit openCaptures(index.data(CompareMatrix::LabelsRole).toString());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        if (m_plan->variants().size() > 1 && index.isValid())
            m_variantList->setCurrentRow(index.row());
    });
    refreshLists();
}

CompareView::~CompareView() = default;

void CompareView::setStatus(const QString& text)
{
    m_status->setText(text);
}

QString CompareView::status() const
{
    return m_status->text();
}

QString CompareView::verdictText() const
{
    return m_verdicts->text();
}

QStringList CompareView::variantNames() const
{
    return m_plan->variantNames();
}

QStringList CompareView::targetNames() const
{
    return m_plan->targetNames();
}

bool CompareView::openComparison(const QString& path)
{
    if (running())
        return false;
    QString error;
    if (!m_plan->open(path, &error)) {
        setStatus(error);
        return false;
    }
    setStatus(tr("%1: %2 variant(s) x %3 target(s) x %4 repeat(s).")
                  .arg(path)
                  .arg(m_plan->variants().size())
                  .arg(m_plan->targets().size())
                  .arg(m_plan->repeat()));
    return true;
}

bool CompareView::saveComparison(const QString& path)
{
    QString error;
    if (!m_plan->save(path, &error)) {
        setStatus(error);
        return false;
    }
    setStatus(tr("Wrote %1.").arg(path));
    return true;
}

void CompareView::askNewName(int row)
{
    if (row < 0 || row >= int(m_plan->variants().size()))
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename the variant"), tr("New name (the variant label of its captures):"),
                                               QLineEdit::Normal, m_plan->variants()[std::size_t(row)].name(), &ok);
    if (ok)
        renameVariant(row, name);
}

bool CompareView::addDraftVariant()
{
    auto spec = m_draft->spec(RunDraft::SchemaRule::ScenarioWhenForeign);
    if (!spec) {
        setStatus(tr("The draft cannot be a variant: %1").arg(QString::fromStdString(spec.error().toString())));
        return false;
    }
    auto c = suite::caseOfSpec("default", spec.value());
    if (!c) {
        setStatus(tr("The draft cannot be a variant: %1").arg(QString::fromStdString(c.error().toString())));
        return false;
    }
    // A name is data (the "variant" label of captures), the same in every language.
    m_plan->addVariant({{"draft", {std::move(c.value())}}, tr("the draft")});
    return true;
}

bool CompareView::addRunTarget()
{
    auto target = m_draft->target();
    if (!target) {
        setStatus(tr("The Run target cannot be used: %1").arg(QString::fromStdString(target.error().toString())));
        return false;
    }
    suite::SuiteTarget t{target.value(), suite::defaultTargetName(target.value())};
    if (m_plan->targetNames().contains(QString::fromStdString(t.name))) {
        setStatus(tr("%1 is already a target.").arg(QString::fromStdString(t.name)));
        return false;
    }
    m_plan->addTarget(std::move(t));
    return true;
}

void CompareView::loadVersions()
{
    runInBackground(
        this,
        [location = m_store->location()]() -> Result<std::vector<store::Version>> {
            auto opened = store::Store::open(location, store::OpenOptions{false});
            if (!opened)
                return opened.error();
            return opened.value()->versions("prompt", {}, 30);
        },
        [this](Result<std::vector<store::Version>> versions) {
            if (!versions) {
                setStatus(QString::fromStdString(versions.error().toString()));
                emit versionsLoaded({}, {});
                return;
            }
            QStringList ids, descriptions;
            m_versionNames.clear();
            for (const store::Version& v : versions.value()) {
                ids << QString::fromStdString(v.lastCaptureId);
                m_versionNames << QStringLiteral("prompt %1").arg(QString::fromStdString(v.hash.substr(0, 8)));
                descriptions << tr("prompt %1 · %2 run(s) · last %3")
                                    .arg(QString::fromStdString(v.hash.substr(0, 8)))
                                    .arg(v.captures)
                                    .arg(QString::fromStdString(store::isoTime(v.lastAtMs)));
            }
            emit versionsLoaded(ids, descriptions);
        });
}

void CompareView::addVersion(const QString& captureId, const QString& name)
{
    runInBackground(
        this,
        [location = m_store->location(), id = captureId.toStdString()] { return caseOfStoredCapture(location, id); },
        [this, name](Result<suite::SuiteCase> loaded) {
            if (!loaded) {
                setStatus(tr("That version cannot be a variant: %1").arg(QString::fromStdString(loaded.error().toString())));
                return;
            }
            m_plan->addVariant({{name.toStdString(), {std::move(loaded.value())}}, tr("%1 from history").arg(name)});
        });
}

void CompareView::removeVariant(int index)
{
    if (!running())
        m_plan->removeVariant(index);
}

void CompareView::renameVariant(int index, const QString& name)
{
    if (!running())
        m_plan->renameVariant(index, name);
}

void CompareView::removeTarget(int index)
{
    if (!running())
        m_plan->removeTarget(index);
}

void CompareView::setRepeat(int repeat)
{
    m_plan->setRepeat(repeat);
}

void CompareView::setBaseline(const QString& name)
{
    m_plan->setBaseline(name);
}

void CompareView::refreshLists()
{
    const auto& variants = m_plan->variants();
    const auto& targets = m_plan->targets();
    const int variantRow = m_variantList->currentRow();
    m_variantList->clear();
    for (const PlanVariant& v : variants)
        m_variantList->addItem(tr("%1 — %2, %3 case(s)").arg(v.name(), v.origin).arg(v.cases.cases.size()));
    m_targetList->clear();
    for (const suite::SuiteTarget& t : targets)
        m_targetList->addItem(QString::fromStdString(t.name));
    {
        const QSignalBlocker blocker(m_repeat);
        m_repeat->setValue(m_plan->repeat());
    }
    // The baseline is a variant; with one variant, the targets are compared and one of them is.
    {
        const QSignalBlocker blocker(m_baseline);
        m_baseline->clear();
        m_baseline->addItems(m_plan->baselineChoices());
        m_baseline->setCurrentIndex(std::max(0, m_baseline->findText(m_plan->effectiveBaseline())));
    }
    if (variantRow >= 0 && variantRow < m_variantList->count())
        m_variantList->setCurrentRow(std::min(variantRow, m_variantList->count() - 1));
    const bool ready = !targets.empty() && !variants.empty() && (variants.size() > 1 || targets.size() > 1);
    m_run->setEnabled(ready && !running() && !m_readingFigures);
    qint64 cases = 0;
    for (const PlanVariant& v : variants)
        cases += qint64(v.cases.cases.size());
    m_run->setToolTip(ready ? tr("%1 runs").arg(qint64(m_plan->repeat()) * qint64(targets.size()) * cases)
                            : tr("Two variants and a target, or one variant and two targets"));
    showDifferences();
}

void CompareView::showDifferences()
{
    const auto& variants = m_plan->variants();
    const auto byName = [&variants](const QString& name) -> const PlanVariant* {
        for (const PlanVariant& v : variants)
            if (v.name() == name)
                return &v;
        return nullptr;
    };
    const PlanVariant* baseline = variants.size() > 1 ? byName(m_plan->effectiveBaseline()) : nullptr;
    const int row = m_variantList->currentRow();
    const PlanVariant* chosen = row >= 0 && row < int(variants.size()) ? &variants[std::size_t(row)] : nullptr;
    if (chosen == baseline)
        chosen = nullptr;
    const QString left = baseline ? textsOf(baseline->cases) : QString();
    const QString right = chosen ? textsOf(chosen->cases) : QString();
    m_baselineText->setText(left);
    m_variantText->setText(right);
    const LineDifferences differences = differingLines(left.toUtf8().toStdString(), right.toUtf8().toStdString());
    m_baselineText->setMarks(CodeEditor::IssueMark, differences.onlyLeft);
    m_variantText->setMarks(CodeEditor::FixMark, differences.onlyRight);
    m_baselineText->setToolTip(baseline ? tr("The baseline, %1: lines not in the other marked").arg(QString::fromStdString(baseline->cases.name))
                                        : tr("The baseline variant's prompts and schema"));
    m_variantText->setToolTip(chosen ? tr("%1: lines not in the baseline marked").arg(QString::fromStdString(chosen->cases.name))
                                     : tr("Select another variant to see how it differs"));
}

void CompareView::run()
{
    if (running() || m_readingFigures) // the last run's figures would land on this one's matrix
        return;
    std::vector<suite::VariantCases> variants;
    for (const PlanVariant& v : m_plan->variants())
        variants.push_back(v.cases);
    m_runBaseline = m_plan->effectiveBaseline().toStdString();
    auto plan = suite::comparisonOf(m_plan->name().toStdString(), variants, m_plan->targets(), m_plan->repeat(), m_plan->policy(),
                                    m_runBaseline, m_plan->concurrency());
    if (!plan) {
        setStatus(QString::fromStdString(plan.error().toString()));
        return;
    }
    std::shared_ptr<store::CaptureWriter> writer = m_store->sharedWriter();
    if (!writer) {
        setStatus(tr("The store %1 cannot take captures; nothing was run.").arg(m_store->displayName()));
        return;
    }
    m_running = std::make_unique<suite::ComparisonPlan>(std::move(plan.value()));
    m_report = Json();
    m_markdown.clear();
    m_export->setEnabled(false);
    m_verdicts->clear();
    m_matrix->reset(*m_running, m_runBaseline);
    m_runner.reset(); // before the writer it wrote to
    m_writer = std::move(writer);
    m_runLocation = m_store->location();
    m_runner = std::make_unique<suite::SuiteRunner>(m_running->suite, m_writer.get());
    connect(m_runner.get(), &suite::SuiteRunner::runFinished, this, [this](const suite::RunResult& result) {
        m_matrix->setRunId(m_runner->results().runId);
        m_matrix->runFinished(result);
        m_verdicts->setText(m_matrix->sentences().join(QLatin1Char('\n')));
        setStatus(tr("Running %1: %2 of %3 runs…").arg(m_plan->name()).arg(m_matrix->finishedRuns()).arg(m_runner->results().planned));
    });
    connect(m_runner.get(), &suite::SuiteRunner::finished, this, &CompareView::onFinished);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    setStatus(tr("Running %1…").arg(m_plan->name()));
    m_runner->start();
}

void CompareView::cancel()
{
    if (running())
        m_runner->cancel();
}

bool CompareView::running() const
{
    return m_runner && m_runner->running();
}

void CompareView::onFinished(const suite::SuiteResults& results)
{
    m_cancel->setEnabled(false);
    m_matrix->setRunId(results.runId);
    QString ending = results.stoppedBy == "cancelled" ? tr("Cancelled after %1 of %2 runs.").arg(results.runs.size()).arg(results.planned)
                                                      : tr("%1 runs done.").arg(results.runs.size());
    // The figures the store holds (intervals, cost, repair overhead) over this run's captures:
    // committed first, then read off the GUI thread.
    if (auto flushed = m_writer->flush(); !flushed) {
        setStatus(ending + QLatin1Char(' ') + QString::fromStdString(flushed.error().toString()));
        refreshLists();
        emit finished();
        return;
    }
    setStatus(ending + tr(" Reading the figures…"));
    m_readingFigures = true;
    runInBackground(
        this,
        [location = m_runLocation, plan = *m_running, results, baseline = m_runBaseline,
         prices = pricesInUse()]() -> Result<std::vector<suite::TargetComparison>> {
            auto opened = store::Store::open(location, store::OpenOptions{false});
            if (!opened)
                return opened.error();
            return suite::compareResults(plan, results, *opened.value(), prices, baseline);
        },
        [this, results, ending](Result<std::vector<suite::TargetComparison>> comparisons) {
            m_readingFigures = false;
            if (!comparisons) {
                setStatus(ending + QLatin1Char(' ') + QString::fromStdString(comparisons.error().toString()));
            } else {
                m_matrix->finish(comparisons.value());
                m_report = suite::comparisonsJson(*m_running, results, comparisons.value());
                m_markdown.clear();
                for (const suite::TargetComparison& c : comparisons.value()) {
                    if (!c.target.empty())
                        m_markdown += "#### On " + c.target + "\n\n";
                    m_markdown += stats::reportMarkdown(c.report) + "\n";
                }
                m_verdicts->setText(m_matrix->sentences().join(QLatin1Char('\n')));
                m_export->setEnabled(true);
                setStatus(ending + tr(" Double-click a cell to open its captures."));
            }
            refreshLists();
            emit finished();
        });
}

QString CompareView::exportReport(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return m_table->grab().save(path) ? QString() : tr("Could not write %1.").arg(path);
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(m_table->size());
        svg.setViewBox(m_table->rect());
        svg.setTitle(m_plan->name());
        QPainter painter;
        if (!painter.begin(&svg))
            return tr("Could not write %1.").arg(path);
        m_table->render(&painter);
        painter.end();
        return {};
    }
    if (m_report.is_null())
        return tr("Run the comparison first: there is no report yet.");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return tr("Could not write %1: %2").arg(path, file.errorString());
    const std::string text = suffix == QLatin1String("md") ? m_markdown : dump(m_report, 2) + "\n";
    if (file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.flush())
        return tr("Could not write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace conform::gui
