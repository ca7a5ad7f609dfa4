#pragma once
// The workspace folder as a file tree (JSON, JSON Lines, Markdown and text files only), under
// a header naming the folder, at the left of the Design activity. Activating a file asks the
// window to open it; the tree itself opens nothing.
#include <QWidget>

#include <memory>

class QFileSystemModel;
class QLabel;
class QTreeView;

namespace conform::gui {

class NameOnlyIconProvider;

class WorkspaceTree : public QWidget
{
    Q_OBJECT

public:
    explicit WorkspaceTree(QWidget* parent = nullptr);
    ~WorkspaceTree() override;

    void setRoot(const QString& folder);
    // Makes `path` the tree's current item (what is open is what is selected).
    void select(const QString& path);
    QString root() const;
    // "Workspace — folder", as the header says.
    QString headerText() const;
    QTreeView* view() const { return m_view; }
    QFileSystemModel* model() const { return m_model; }

signals:
    void fileActivated(const QString& path);
    // From the context menu: open this file in the raw-reply pane whatever its type.
    void openAsReplyRequested(const QString& path);

private:
    void showContextMenu(const QPoint& at);
    void expandTopLevel(const QString& loaded);

    // The model uses it from its own thread; the destructor deletes the model first.
    std::unique_ptr<NameOnlyIconProvider> m_iconProvider;
    QFileSystemModel* m_model;
    QTreeView* m_view;
    QLabel* m_header;
};

} // namespace conform::gui
