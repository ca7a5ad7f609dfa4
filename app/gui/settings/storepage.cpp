#include "settings/storepage.h"

#include "settings/appsettings.h"
#include "settings/storeinuse.h"
#include "widgets/tonelabel.h"

#include "store/store.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace conform::gui {

namespace {

// Runs on a worker: opens the store without creating it, then closes it on the same thread.
// A SQLite file that does not exist yet is fine when its folder can take it.
StorePage::Probe probe(const store::StoreLocation& location)
{
    const QString shown = QString::fromStdString(location.display());
    if (location.kind == store::StoreLocation::Kind::Sqlite && !QFileInfo::exists(location.path)) {
        const QFileInfo folder(QFileInfo(location.path).absolutePath());
        if (folder.isDir() && folder.isWritable())
            return {true, StorePage::tr("%1 does not exist yet; the first captured run creates it").arg(shown)};
        return {false, StorePage::tr("%1: the folder does not exist or cannot be written").arg(folder.filePath())};
    }
    store::OpenOptions options;
    options.create = false;
    auto opened = store::Store::open(location, options);
    if (!opened)
        return {false, QString::fromStdString(opened.error().toString())};
    return {true, StorePage::tr("Connected: %1").arg(shown)};
}

} // namespace

StorePage::StorePage(const QString& store, const QString& reviewerName, QWidget* parent)
    : QWidget(parent), m_inUse(new QLabel(this)), m_override(new ToneLabel(this, Tone::Warning)),
      m_location(new QLineEdit(store, this)), m_reviewer(new QLineEdit(reviewerName, this)), m_test(new QPushButton(tr("Test connection"), this)), m_result(new ToneLabel(this))
{
    // What the workbench uses now: the saved choice under the same rule the Workspace applies.
    const store::StoreChoice inUse = store::chooseStore(store);
    m_inUse->setObjectName(QStringLiteral("storeInUse"));
    m_inUse->setTextFormat(Qt::PlainText);
    m_inUse->setWordWrap(true);
    m_inUse->setText(inUse.location ? tr("In use: %1").arg(QString::fromStdString(inUse.location->display()))
                                    : tr("In use: none (%1)").arg(QString::fromStdString(inUse.location.error().toString())));
    m_inUse->setToolTip(StoreInUse::why(inUse.origin));
    m_override->setObjectName(QStringLiteral("storeOverridden"));
    m_override->setWordWrap(true);
    m_override->setText(StoreInUse::overriddenNote());
    m_override->setVisible(StoreInUse::environmentOverrides());
    m_location->setPlaceholderText(tr("Empty: captures.db in Conform's data folder"));
    m_location->setToolTip(tr("A SQLite file, or postgresql://user@host:port/database for a shared store"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* line = new QHBoxLayout;
    line->addWidget(m_location, 1);
    line->addWidget(browse);
    auto* form = new QFormLayout;
    form->addRow(tr("Capture store"), line);
    m_reviewer->setObjectName(QStringLiteral("reviewerName"));
    m_reviewer->setPlaceholderText(tr("Empty: %1").arg(AppSettings{}.reviewer()));
    m_reviewer->setToolTip(tr("Reviews you set in Triage or on captures are signed with this name, in the store your team shares"));
    form->addRow(tr("Your name in reviews"), m_reviewer);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_inUse);
    layout->addWidget(m_override);
    layout->addLayout(form);
    layout->addWidget(m_test, 0, Qt::AlignLeft);
    layout->addWidget(m_result);
    layout->addStretch(1);
    connect(browse, &QPushButton::clicked, this, &StorePage::browse);
    connect(m_test, &QPushButton::clicked, this, &StorePage::testConnection);
    connect(&m_watcher, &QFutureWatcher<Probe>::finished, this, [this] {
        m_test->setEnabled(true);
        showResult(m_watcher.result().ok, m_watcher.result().message);
    });
}

QString StorePage::store() const
{
    return m_location->text().trimmed();
}

QString StorePage::reviewerName() const
{
    return m_reviewer->text().trimmed();
}

QString StorePage::problem()
{
    const QString problem = storeSettingProblem(store());
    if (!problem.isEmpty())
        showResult(false, problem);
    return problem;
}

void StorePage::testConnection()
{
    if (!problem().isEmpty())
        return emit tested(false);
    // The store the field names (empty: the default), whatever $CONFORM_STORE says.
    const auto location = store().isEmpty() ? Result<store::StoreLocation>(store::StoreLocation::defaultLocation())
                                            : store::StoreLocation::parse(store());
    if (!location)
        return showResult(false, QString::fromStdString(location.error().toString()));
    m_test->setEnabled(false);
    m_result->setText(tr("Connecting to %1…").arg(QString::fromStdString(location->display())));
    m_watcher.setFuture(QtConcurrent::run(probe, location.value()));
}

void StorePage::showResult(bool ok, const QString& message)
{
    m_result->setText(message);
    m_result->setTone(ok ? Tone::Success : Tone::Failure);
    emit tested(ok);
}

void StorePage::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Capture store"), store(), tr("SQLite stores (*.db *.sqlite);;All files (*)"),
                                                      nullptr, QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        m_location->setText(QDir::toNativeSeparators(path));
}

} // namespace conform::gui
