#pragma once
// Icons and type names for the workspace tree from a file's name and kind alone. Qt's own
// provider asks the MIME database, which opens files whose name does not settle their type
// (a SQLite store's -wal and -shm files, for one) to read their first bytes. Opening and
// closing any descriptor of a file drops every POSIX lock this process holds on it, so a
// tree listing the folder of an open store would take SQLite's locks away from under its
// connections. This provider never opens a file.
#include <QFileIconProvider>

namespace conform::gui {

class NameOnlyIconProvider : public QFileIconProvider
{
public:
    using QFileIconProvider::icon;
    QIcon icon(const QFileInfo& info) const override;
    QString type(const QFileInfo& info) const override;
};

} // namespace conform::gui
