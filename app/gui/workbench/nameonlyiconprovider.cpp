#include "workbench/nameonlyiconprovider.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace conform::gui {

QIcon NameOnlyIconProvider::icon(const QFileInfo& info) const
{
    return QFileIconProvider::icon(info.isDir() ? QFileIconProvider::Folder : QFileIconProvider::File);
}

QString NameOnlyIconProvider::type(const QFileInfo& info) const
{
    if (info.isDir())
        return QCoreApplication::translate("conform::gui::NameOnlyIconProvider", "Folder");
    const QString suffix = info.suffix();
    return suffix.isEmpty() ? QCoreApplication::translate("conform::gui::NameOnlyIconProvider", "File")
                            : QCoreApplication::translate("conform::gui::NameOnlyIconProvider", "%1 file").arg(suffix.toUpper());
}

} // namespace conform::gui
