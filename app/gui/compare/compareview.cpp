#include "compare/compareview.h"

#include "async/backgroundtask.h"
#include "captures/capturestore.h"
#include "compare/comparematrix.h"
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
    : QWidget(parent), m_draft(draft), m_store(store), m_variantList(new QListWidget(this)), m_targetList(new QListWidget(this)),
      m_repeat(new QSpinBox(this)), m_baseline(new QComboBox(this)), m_run(new QPushButton(tr("Run"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_history(new QToolButton(this)), m_export(new QToolButton(this)),
      m_status(new QLabel(this)), m_verdicts(new QLabel(this)), m_table(new QTableView(this)), m_matrix(new CompareMatrix(this)),
      m_baselineText(readOnlyText(this)), m_variantText(readOnlyText(this))
{
    auto* open = new QPushButton(tr("Open comparison…"), this);
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
    m_variantList->setToolTip(tr("Variants: what differs (a schema, prompts, variables, a policy)"));
    m_targetList->setToolTip(tr("Targets: every variant runs on each"));
    m_table->setModel(m_matrix);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setToolTip(tr("Double-click a cell to open its captures"));

    // Two rows of controls, so the smallest window (1024 px) keeps every button whole.
    auto* setup = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{open, addDraft, m_history, addTarget, remove})
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
            const QString name = descriptions[i].section(QLatin1Char(' '), 0, 1);
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
    connect(m_repeat, &QSpinBox::valueChanged, this, [this] { refreshLists(); });
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &CompareView::showDifferences);
    connect(m_variantList, &QListWidget::currentRowChanged, this, &CompareView::showDifferences);
    connect(m_run, &QPushButton::clicked, this, &CompareView::run);
    connect(m_cancel, &QPushButton::clicked, this, &CompareView::cancel);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (!index.data(CompareMatrix::CaptureIdsRole).toStringList().isEmpty())
            emit openCaptures(index.data(CompareMatrix::LabelsRole).toString());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        if (m_variants.size() > 1 && index.isValid())
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
    QStringList names;
    for (const Variant& v : m_variants)
        names << QString::fromStdString(v.cases.name);
    return names;
}

QStringList CompareView::targetNames() const
{
    QStringList names;
    for (const suite::SuiteTarget& t : m_targets)
        names << QString::fromStdString(t.name);
    return names;
}

QString CompareView::uniqueName(const QString& stem) const
{
    const QStringList taken = variantNames();
    QString name = stem;
    for (int n = 2; taken.contains(name); ++n)
        name = QStringLiteral("%1 %2").arg(stem).arg(n);
    return name;
}

bool CompareView::openComparison(const QString& path)
{
    if (running())
        return false;
    auto plan = suite::loadComparison(path);
    if (!plan) {
        setStatus(QString::fromStdString(plan.error().toString()));
        return false;
    }
    m_variants.clear();
    const QString origin = QFileInfo(path).fileName();
    for (suite::VariantCases& cases : suite::variantsOfPlan(plan.value()))
        m_variants.push_back({std::move(cases), origin});
    m_targets = plan->suite.targets;
    m_policy = plan->suite.policy;
    m_concurrency = plan->suite.concurrency;
    m_name = QString::fromStdString(plan->suite.name);
    m_repeat->setValue(plan->suite.repeat);
    refreshLists();
    if (!plan->baseline.empty())
        setBaseline(QString::fromStdString(plan->baseline));
    setStatus(tr("%1: %2 variant(s) x %3 target(s) x %4 repeat(s).").arg(path).arg(m_variants.size()).arg(m_targets.size()).arg(m_repeat->value()));
    emit variantsChanged();
    return true;
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
    const QString name = uniqueName(tr("draft"));
    m_variants.push_back({{name.toStdString(), {std::move(c.value())}}, tr("the draft")});
    refreshLists();
    emit variantsChanged();
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
    for (const suite::SuiteTarget& existing : m_targets)
        if (existing.name == t.name) {
            setStatus(tr("%1 is already a target.").arg(QString::fromStdString(t.name)));
            return false;
        }
    m_targets.push_back(std::move(t));
    refreshLists();
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
            for (const store::Version& v : versions.value()) {
                ids << QString::fromStdString(v.lastCaptureId);
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
            m_variants.push_back({{uniqueName(name).toStdString(), {std::move(loaded.value())}}, tr("%1 from history").arg(name)});
            refreshLists();
            emit variantsChanged();
        });
}

void CompareView::removeVariant(int index)
{
    if (running() || index < 0 || index >= int(m_variants.size()))
        return;
    m_variants.erase(m_variants.begin() + index);
    refreshLists();
    emit variantsChanged();
}

void CompareView::removeTarget(int index)
{
    if (running() || index < 0 || index >= int(m_targets.size()))
        return;
    m_targets.erase(m_targets.begin() + index);
    refreshLists();
}

void CompareView::setRepeat(int repeat)
{
    m_repeat->setValue(repeat);
}

void CompareView::setBaseline(const QString& name)
{
    m_baseline->setCurrentIndex(std::max(0, m_baseline->findText(name)));
}

void CompareView::refreshLists()
{
    const int variantRow = m_variantList->currentRow();
    m_variantList->clear();
    for (const Variant& v : m_variants)
        m_variantList->addItem(tr("%1 — %2, %3 case(s)").arg(QString::fromStdString(v.cases.name), v.origin).arg(v.cases.cases.size()));
    m_targetList->clear();
    for (const suite::SuiteTarget& t : m_targets)
        m_targetList->addItem(QString::fromStdString(t.name));
    // The baseline is a variant; with one variant, the targets are compared and one of them is.
    const QString baseline = m_baseline->currentText();
    const QSignalBlocker blocker(m_baseline);
    m_baseline->clear();
    m_baseline->addItems(m_variants.size() < 2 ? targetNames() : variantNames());
    m_baseline->setCurrentIndex(std::max(0, m_baseline->findText(baseline)));
    if (variantRow >= 0 && variantRow < m_variantList->count())
        m_variantList->setCurrentRow(variantRow);
    const bool ready = !m_targets.empty() && !m_variants.empty() && (m_variants.size() > 1 || m_targets.size() > 1);
    m_run->setEnabled(ready && !running() && !m_readingFigures);
    qint64 cases = 0;
    for (const Variant& v : m_variants)
        cases += qint64(v.cases.cases.size());
    m_run->setToolTip(ready ? tr("%1 runs").arg(qint64(m_repeat->value()) * qint64(m_targets.size()) * cases)
                            : tr("Two variants and a target, or one variant and two targets"));
    showDifferences();
}

void CompareView::showDifferences()
{
    const auto byName = [this](const QString& name) -> const Variant* {
        for (const Variant& v : m_variants)
            if (QString::fromStdString(v.cases.name) == name)
                return &v;
        return nullptr;
    };
    const Variant* baseline = m_variants.size() > 1 ? byName(m_baseline->currentText()) : nullptr;
    const int row = m_variantList->currentRow();
    const Variant* chosen = row >= 0 && row < int(m_variants.size()) ? &m_variants[std::size_t(row)] : nullptr;
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
    for (const Variant& v : m_variants)
        variants.push_back(v.cases);
    m_runBaseline = m_baseline->currentText().toStdString();
    auto plan = suite::comparisonOf(m_name.toStdString(), variants, m_targets, m_repeat->value(), m_policy, m_runBaseline, m_concurrency);
    if (!plan) {
        setStatus(QString::fromStdString(plan.error().toString()));
        return;
    }
    std::shared_ptr<store::CaptureWriter> writer = m_store->sharedWriter();
    if (!writer) {
        setStatus(tr("The store %1 cannot take captures; nothing was run.").arg(m_store->displayName()));
        return;
    }
    m_plan = std::make_unique<suite::ComparisonPlan>(std::move(plan.value()));
    m_report = Json();
    m_markdown.clear();
    m_export->setEnabled(false);
    m_verdicts->clear();
    m_matrix->reset(*m_plan, m_runBaseline);
    m_runner.reset(); // before the writer it wrote to
    m_writer = std::move(writer);
    m_runLocation = m_store->location();
    m_runner = std::make_unique<suite::SuiteRunner>(m_plan->suite, m_writer.get());
    connect(m_runner.get(), &suite::SuiteRunner::runFinished, this, [this](const suite::RunResult& result) {
        m_matrix->setRunId(m_runner->results().runId);
        m_matrix->runFinished(result);
        m_verdicts->setText(m_matrix->sentences().join(QLatin1Char('\n')));
        setStatus(tr("Running %1: %2 of %3 runs…").arg(m_name).arg(m_matrix->finishedRuns()).arg(m_runner->results().planned));
    });
    connect(m_runner.get(), &suite::SuiteRunner::finished, this, &CompareView::onFinished);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    setStatus(tr("Running %1…").arg(m_name));
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
        [location = m_runLocation, plan = *m_plan, results, baseline = m_runBaseline,
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
                m_report = suite::comparisonsJson(*m_plan, results, comparisons.value());
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
        svg.setTitle(m_name);
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
