#include "workbench/workspacetree.h"

#include "workbench/nameonlyiconprovider.h"

#include <QFileSystemModel>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QTreeView>
#include <QVBoxLayout>

namespace conform::gui {

WorkspaceTree::WorkspaceTree(QWidget* parent)
    : QWidget(parent), m_model(new QFileSystemModel(this)), m_view(new QTreeView(this)), m_header(new QLabel(tr("Workspace"), this))
{
    setObjectName(QStringLiteral("workspaceTree"));
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
    m_header->setMargin(4);
    m_header->setTextFormat(Qt::PlainText);
    // A long folder name is cut at its end, never widening the tree.
    m_header->setMinimumWidth(1);
    m_view->setMinimumWidth(120);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_header);
    layout->addWidget(m_view, 1);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex& index) {
        if (!m_model->isDir(index))
            emit fileActivated(m_model->filePath(index));
    });
    connect(m_view, &QWidget::customContextMenuRequested, this, &WorkspaceTree::showContextMenu);
    connect(m_model, &QFileSystemModel::directoryLoaded, this, &WorkspaceTree::expandTopLevel);
}

WorkspaceTree::~WorkspaceTree()
{
    // The model (and its file-info thread) goes first: it uses the icon provider to the end.
    m_view->setModel(nullptr);
    delete m_model;
}

// A workspace holds one folder per schema: open those one level so schema.json and prompt.md
// are a click away. Only the root's direct folders, and only when the root is listed.
void WorkspaceTree::expandTopLevel(const QString& loaded)
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

void WorkspaceTree::setRoot(const QString& folder)
{
    const QModelIndex root = m_model->setRootPath(folder);
    m_view->setRootIndex(root);
    m_header->setText(tr("Workspace — %1").arg(QDir(folder).dirName()));
    m_header->setToolTip(QDir::toNativeSeparators(folder));
}

void WorkspaceTree::select(const QString& path)
{
    if (path.isEmpty())
        return;
    const QModelIndex index = m_model->index(path);
    if (!index.isValid())
        return; // outside the workspace
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

QString WorkspaceTree::headerText() const
{
    return m_header->text();
}

QString WorkspaceTree::root() const
{
    return m_model->rootPath();
}

void WorkspaceTree::showContextMenu(const QPoint& at)
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
