#include "captures/capturesbrowser.h"

#include "captures/capturecontextmenu.h"

#include "settings/settingkeys.h"
#include "run/outcomewords.h"
#include "async/backgroundtask.h"
#include "captures/capturefilterbar.h"
#include "captures/filterchips.h"
#include "widgets/placeholdertableview.h"
#include "captures/capturepagemodel.h"
#include "captures/capturestore.h"
#include "captures/captureview.h"
#include "captures/revalidatepanel.h"
#include "captures/storedrun.h"

#include "engine/engine.h"
#include "store/capture_scenario.h"
#include "store/capture_spec.h"
#include "store/store.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace conform::gui {

namespace {


store::Order savedOrder()
{
    QSettings settings;
    store::Order order;
    if (const auto key = store::sortKeyNamed(settingkeys::capturesSortKey.read(settings).toStdString()))
        order = {*key, settingkeys::capturesSortDescending.read(settings)};
    return order;
}

struct ExportResult
{
    int count = 0;
    std::string error;
};

ExportResult writeJsonl(const store::StoreLocation& location, const QStringList& ids, const QString& path)
{
    ExportResult out;
    auto store = store::Store::open(location, store::OpenOptions{false});
    if (!store)
        return {0, store.error().toString()};
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {0, path.toStdString() + ": " + file.errorString().toStdString()};
    for (const QString& id : ids) {
        auto capture = store.value()->capture(id.toStdString());
        if (!capture)
            return {out.count, capture.error().toString()};
        if (!capture->has_value())
            continue;
        const std::string line = capture.value()->document().dump(-1, ' ', false, Json::error_handler_t::replace) + '\n';
        file.write(line.data(), qint64(line.size()));
        ++out.count;
    }
    if (!file.commit())
        return {0, path.toStdString() + ": " + file.errorString().toStdString()};
    return out;
}

} // namespace

CapturesBrowser::CapturesBrowser(CaptureStore* store, SchemaDocument* document, QWidget* parent)
    : QWidget(parent), m_store(store), m_filters(new CaptureFilterBar(settingkeys::kCaptureFilterGroup, this)),
      m_table(new PlaceholderTableView(this)), m_model(new CapturePageModel(store->location(), this)), m_view(new CaptureView(this)),
      m_replayTarget(new QComboBox(this)), m_status(new QLabel(this)), m_splitter(new QSplitter(Qt::Vertical, this)),
      m_newCaptures(new QPushButton(this))
{
    // New captures do not move the rows under the user's eyes: a bar says how many arrived,
    // and a click shows them.
    m_newCaptures->setFlat(true);
    m_newCaptures->setVisible(false);
    m_newCaptures->setToolTip(tr("Read the list again, with the captures written since it was read"));
    connect(m_newCaptures, &QPushButton::clicked, this, &CapturesBrowser::refresh);
    m_revalidate = new RevalidatePanel(document, [this] { return m_filters->filter(); }, this);
    m_view->setLocation(store->location());
    m_revalidate->setLocation(store->location());
    connect(store, &CaptureStore::reopened, this, &CapturesBrowser::followStore);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->hide();
    // Not stretched: a stretched last column (tokens) would carry its numbers far from the
    // rest of the row.
    m_table->horizontalHeader()->setStretchLastSection(false);
    // Fitting columns measures only the first rows: a page holds 200 and more arrive on scroll.
    m_table->horizontalHeader()->setResizeContentsPrecision(25);
    m_table->setAlternatingRowColors(true);
    m_table->setModel(m_model);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (current.isValid())
            openCapture(current.data(CapturePageModel::IdRole).toString());
    });
    connect(m_model, &CapturePageModel::pageLoaded, this, [this] {
        if (m_fitColumns && m_model->rowCount() > 0) {
            m_table->resizeColumnsToContents(); // the first page sets the widths, once; then they are the user's
            m_fitColumns = false;
        }
        showPageStatus();
    });
    m_status->setTextFormat(Qt::PlainText);

    auto* lower = new QTabWidget(this);
    lower->setDocumentMode(true);
    lower->addTab(m_view, tr("Capture"));
    lower->addTab(m_revalidate, tr("Re-validate history"));
    connect(m_revalidate, &RevalidatePanel::openCaptureRequested, this, [this, lower](const QString& id) {
        lower->setCurrentWidget(m_view);
        openCapture(id);
    });
    connect(m_revalidate->startButton(), &QAbstractButton::clicked, this, [this, lower] { lower->setCurrentWidget(m_revalidate); });

    m_splitter->setObjectName(QStringLiteral("capturesSplitter"));
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(lower);
    m_splitter->setSizes({260, 420});
    m_splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_filters);
    layout->addWidget(new FilterChips(m_filters, this));
    layout->addWidget(buildActions());
    layout->addWidget(m_newCaptures);
    layout->addWidget(m_splitter, 1);
    connect(m_filters, &CaptureFilterBar::filterChanged, this, &CapturesBrowser::refresh);
    m_contextMenu = new CaptureContextMenu(this, store);
    connect(m_contextMenu, &CaptureContextMenu::done, this, [this](const QString& message, const QString& error) {
        m_status->setText(error.isEmpty() ? message : error);
    });
    restoreLayout();
}

CapturesBrowser::~CapturesBrowser()
{
    saveLayout();
}

void CapturesBrowser::restoreLayout()
{
    QSettings settings;
    m_splitter->restoreState(settingkeys::capturesSplitter.read(settings));
    QHeaderView* header = m_table->horizontalHeader();
    if (header->restoreState(settingkeys::capturesColumns.read(settings)))
        m_fitColumns = false;
    // The sort is kept by key name rather than column number, so it survives new columns.
    const store::Order order = savedOrder();
    m_model->setOrder(order);
    header->setSectionsClickable(true);
    header->setSortIndicatorShown(true);
    header->setSortIndicator(CapturePageModel::columnOf(order.key), order.descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    connect(header, &QHeaderView::sortIndicatorChanged, this, &CapturesBrowser::sortBy);
}

void CapturesBrowser::saveLayout() const
{
    QSettings settings;
    settingkeys::capturesSplitter.write(settings, m_splitter->saveState());
    settingkeys::capturesColumns.write(settings, m_table->horizontalHeader()->saveState());
}

void CapturesBrowser::sortBy(int column, Qt::SortOrder order)
{
    if (!CapturePageModel::sortKeyOf(column)) {
        const QSignalBlocker blocker(m_table->horizontalHeader());
        const store::Order current = m_model->order();
        m_table->horizontalHeader()->setSortIndicator(CapturePageModel::columnOf(current.key),
                                                      current.descending ? Qt::DescendingOrder : Qt::AscendingOrder);
        return;
    }
    m_model->sort(column, order);
    QSettings settings;
    settingkeys::capturesSortKey.write(settings, QString::fromUtf8(store::sortKeyName(m_model->order().key).data(),
                                                   qsizetype(store::sortKeyName(m_model->order().key).size())));
    settingkeys::capturesSortDescending.write(settings, m_model->order().descending);
    if (m_model->isFetching())
        m_status->setText(tr("reading…"));
}

QToolBar* CapturesBrowser::buildActions()
{
    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    const auto add = [this, bar](const QString& text, const QString& keys, auto slot) {
        QAction* action = bar->addAction(text, this, slot);
        action->setShortcut(QKeySequence(keys));
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(text, action->shortcut().toString(QKeySequence::NativeText)));
        addAction(action);
        return action;
    };
    add(tr("Refresh"), tr("Ctrl+Shift+F5"), [this] { refresh(); }); // F5 presents (View ▸ Present)
    bar->addSeparator();
    add(tr("Replay"), tr("Ctrl+Shift+P"), [this] { replay(m_replayTarget->currentIndex() == 1); });
    m_replayTarget->addItems({tr("against the recorded responses"), tr("against the Run tab's target")});
    bar->addWidget(m_replayTarget);
    bar->addSeparator();
    add(tr("Export JSONL…"), tr("Ctrl+Shift+E"), [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Captures"), QDir::homePath() + QStringLiteral("/captures.jsonl"),
                                                          tr("JSON Lines (*.jsonl)"));
        if (!path.isEmpty())
            exportJsonl(path);
    });
    add(tr("Copy as command"), tr("Ctrl+Shift+C"), [this] { copyCommand(); });
    QAction* present = bar->addAction(tr("Present"), this, &CapturesBrowser::presentRequested);
    present->setToolTip(tr("The capture open, step by step and full-window for a room (F5; Esc leaves)"));
    bar->addSeparator();
    bar->addWidget(m_status);
    return bar;
}

void CapturesBrowser::noteNewCaptures(int count)
{
    m_newSinceRead += count;
    m_newCaptures->setText(tr("%n new capture(s) since the list was read — show them", nullptr, m_newSinceRead));
    m_newCaptures->setVisible(true);
}

void CapturesBrowser::refresh()
{
    m_newSinceRead = 0;
    m_newCaptures->setVisible(false);
    if (!m_store->ok())
        return m_status->setText(m_store->errorString());
    auto filter = m_filters->filter();
    if (!filter)
        return m_status->setText(QString::fromStdString(filter.error().toString()));
    m_status->setText(tr("reading…"));
    m_model->setFilter(filter.value());
}

void CapturesBrowser::followStore()
{
    m_view->setLocation(m_store->location());
    if (const QString shown = m_view->captureId(); !shown.isEmpty())
        m_view->open(shown); // read again there: it says so when the new store does not have it
    m_revalidate->setLocation(m_store->location());
    m_model->setLocation(m_store->location());
    if (isVisible() || m_model->rowCount() > 0)
        refresh();
    else if (!m_store->ok())
        m_status->setText(m_store->errorString());
    else
        m_status->clear();
}

void CapturesBrowser::showPageStatus()
{
    if (!m_model->errorString().isEmpty())
        return m_status->setText(m_model->errorString());
    m_status->setText(tr("%1 shown%2").arg(m_model->rowCount()).arg(m_model->atEnd() ? QString() : tr(", more as you scroll")));
    m_table->setPlaceholderText(m_filters->arguments().empty() ? tr("No captures yet — play a demo from the Start page, or run a prompt in the Run activity.")
                                                          : tr("No capture matches the filters above."));
}

void CapturesBrowser::openCapture(const QString& id)
{
    m_view->open(id);
}

QStringList CapturesBrowser::selectedIds() const
{
    QStringList ids;
    if (!m_table->selectionModel())
        return ids;
    for (const QModelIndex& row : m_table->selectionModel()->selectedRows())
        ids << row.data(CapturePageModel::IdRole).toString();
    return ids;
}

void CapturesBrowser::replay(bool runTabTarget)
{
    if (!m_view->capture() || (m_replayEngine && m_replayEngine->running()))
        return;
    const store::Capture& old = *m_view->capture();
    engine::RunSpec spec = store::specOfCapture(old);
    engine::Target target;
    if (runTabTarget) {
        auto chosen = m_targetSource ? m_targetSource() : Result<engine::Target>(Error{"no Run tab", {}});
        if (!chosen)
            return m_status->setText(tr("error: %1").arg(QString::fromStdString(chosen.error().toString())));
        target = std::move(chosen.value());
    } else {
        // The recorded responses, in order, as `conform-cli serve --captures` serves them.
        target.provider = providers::ProviderKind::Scenario;
        target.mode = spec.targets.empty() ? engine::ModeChoice::Auto : spec.targets.front().mode;
        auto scenario = std::make_shared<const providers::Scenario>(store::scenarioOfCapture(old));
        target.model = scenario->name;
        target.scenario = std::move(scenario);
    }
    spec.targets = {target};
    const QString oldId = QString::fromStdString(old.summary.id);
    m_replayEngine = std::make_unique<engine::Engine>();
    if (m_environment)
        m_replayEngine->setEnvironment(m_environment());
    std::optional<store::Capture> original;
    if (!runTabTarget)
        original = old; // the replay is captured as a run of the original's target
    connect(m_replayEngine.get(), &engine::Engine::finished, this, [this, spec, oldId, original](const engine::RunRecord& record) {
        engine::RunSpec capturedSpec = spec;
        engine::RunRecord captured = record;
        if (original)
            store::creditToOriginalTarget(capturedSpec, captured, *original);
        const QString newId = m_store->capture(capturedSpec, captured, {{"replay_of", oldId.toStdString()}});
        m_status->setText(tr("replayed %1: %2 → capture %3").arg(oldId, OutcomeWords::outcome(record.outcome), newId));
        emit replayed(oldId, newId);
    });
    m_status->setText(tr("replaying %1…").arg(oldId));
    m_replayEngine->start(std::move(spec));
}

void CapturesBrowser::exportJsonl(const QString& path, const QStringList& ids)
{
    const QStringList chosen = ids.isEmpty() ? selectedIds() : ids;
    if (chosen.isEmpty())
        return m_status->setText(tr("select the captures to export"));
    m_status->setText(tr("exporting %1 captures…").arg(chosen.size()));
    runInBackground(this, [location = m_store->location(), chosen, path] { return writeJsonl(location, chosen, path); },
                    [this, path](ExportResult result) {
                        const QString error = QString::fromStdString(result.error);
                        m_status->setText(error.isEmpty() ? tr("exported %1 captures to %2").arg(result.count).arg(path) : tr("error: %1").arg(error));
                        emit exported(path, result.count, error);
                    });
}

void CapturesBrowser::copyCommand()
{
    if (!m_view->capture())
        return;
    // The files it names may be written beside the store: off the GUI thread.
    runInBackground(this, [capture = *m_view->capture(), folder = store::specsFolderOf(m_store->location())] {
                        return store::commandOfCapture(capture, folder);
                    },
                    [this](Result<QStringList> arguments) {
                        if (!arguments)
                            return m_status->setText(tr("error: %1").arg(QString::fromStdString(arguments.error().toString())));
                        const QString command = store::shellLine(arguments.value());
                        QApplication::clipboard()->setText(command);
                        m_status->setText(tr("copied the conform-cli command"));
                        emit commandCopied(command);
                    });
}

} // namespace conform::gui
