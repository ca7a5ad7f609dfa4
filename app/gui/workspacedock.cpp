#include "workspacedock.h"

#include "nameonlyiconprovider.h"

#include <QFileSystemModel>
#include <QHeaderView>
#include <QMenu>
#include <QTreeView>

namespace conform::gui {

WorkspaceDock::WorkspaceDock(QWidget* parent)
    : QDockWidget(tr("Workspace"), parent), m_model(new QFileSystemModel(this)), m_view(new QTreeView(this))
{
    setObjectName(QStringLiteral("workspaceDock"));
    // Set before the first listing: the default provider would open files to sniff their type.
    m_iconProvider = std::make_unique<NameOnlyIconProvider>();
    m_model->setIconProvider(m_iconProvider.get());
    // Only what the workbench opens: a capture store kept in the workspace (captures.db and
    // its -wal, -shm and -journal files) stays out of the tree.
    m_model->setNameFilters({QStringLiteral("*.json"), QStringLiteral("*.jsonl"), QStringLiteral("*.md"),
                             QStringLiteral("*.txt")});
    m_model->setNameFilterDisables(false); // hide other files rather than grey them out
    m_model->setReadOnly(true);
    m_view->setModel(m_model);
    for (int column = 1; column < m_model->columnCount(); ++column)
        m_view->hideColumn(column);
    m_view->header()->hide();
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    setWidget(m_view);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex& index) {
        if (!m_model->isDir(index))
            emit fileActivated(m_model->filePath(index));
    });
    connect(m_view, &QWidget::customContextMenuRequested, this, &WorkspaceDock::showContextMenu);
    connect(m_model, &QFileSystemModel::directoryLoaded, this, &WorkspaceDock::expandTopLevel);
}

WorkspaceDock::~WorkspaceDock()
{
    // The model (and its file-info thread) goes first: it uses the icon provider to the end.
    m_view->setModel(nullptr);
    delete m_model;
}

// A workspace holds one folder per schema: open those one level so schema.json and prompt.md
// are a click away. Only the root's direct folders, and only when the root is listed.
void WorkspaceDock::expandTopLevel(const QString& loaded)
{
    const QModelIndex root = m_view->rootIndex();
    if (QDir(loaded) != QDir(m_model->rootPath()))
        return;
    for (int row = 0; row < m_model->rowCount(root); ++row) {
        const QModelIndex child = m_model->index(row, 0, root);
        if (m_model->isDir(child))
            m_view->expand(child);
    }
}

void WorkspaceDock::setRoot(const QString& folder)
{
    const QModelIndex root = m_model->setRootPath(folder);
    m_view->setRootIndex(root);
    setWindowTitle(tr("Workspace — %1").arg(QDir(folder).dirName()));
}

void WorkspaceDock::select(const QString& path)
{
    if (path.isEmpty())
        return;
    const QModelIndex index = m_model->index(path);
    if (!index.isValid())
        return; // outside the workspace
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

QString WorkspaceDock::root() const
{
    return m_model->rootPath();
}

void WorkspaceDock::showContextMenu(const QPoint& at)
{
    const QModelIndex index = m_view->indexAt(at);
    if (!index.isValid() || m_model->isDir(index))
        return;
    const QString path = m_model->filePath(index);
    QMenu menu(this);
    menu.addAction(tr("Open"), this, [this, path] { emit fileActivated(path); });
    menu.addAction(tr("Open as Reply"), this, [this, path] { emit openAsReplyRequested(path); });
    menu.exec(m_view->viewport()->mapToGlobal(at));
}

} // namespace conform::gui
