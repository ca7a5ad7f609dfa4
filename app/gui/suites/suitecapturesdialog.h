#pragma once
// The captures of one Suites cell: their ids on the left, the selected one's document on the
// right. Each capture is read on a worker thread (async/backgroundtask.h), so a big or busy
// store never holds up the window; a newer selection wins over a read still on its way.
//
//   auto* dialog = new SuiteCapturesDialog(location, tr("case x target"), ids, this);
//   dialog->open();   // not modal to the event loop: the suite keeps running
#include "store/location.h"

#include <QDialog>

#include <cstdint>

class QListWidget;
class QPlainTextEdit;

namespace conform::gui {

class SuiteCapturesDialog : public QDialog
{
    Q_OBJECT
public:
    // `location`: the store the cell's runs were captured in.
    SuiteCapturesDialog(const store::StoreLocation& location, const QString& title, const QStringList& ids,
                        QWidget* parent = nullptr);

    QListWidget* idList() const { return m_ids; }
    QString documentText() const;

signals:
    // The capture `id`'s document (or why it cannot be read) is shown.
    void captureShown(const QString& id);

private:
    void read(const QString& id);

    store::StoreLocation m_location;
    QListWidget* m_ids;
    QPlainTextEdit* m_document;
    std::uint64_t m_generation = 0;
};

} // namespace conform::gui
