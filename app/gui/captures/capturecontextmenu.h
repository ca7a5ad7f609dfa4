#pragma once
// The Captures list's context menu: what QA does to the captures selected, without leaving
// the list.
//   Review ▸ new / confirmed / expected / fixed / ignored   (signed as Triage signs: your name)
//   Label…                     "key=value -key": set and remove labels after the fact
//   Add to regression suite…   a suite file, new or one to add these captures to
//   Open its cluster in Triage the cause this failure shares with others
//   Copy id                    the ids, a line each
// Each change is made on a worker (triage/qajobs.h); the capture open is read again after a
// label change, and the list keeps its rows and its selection.
#include "store/reviews.h"

#include <QObject>
#include <QStringList>

class QMenu;
class QPoint;

namespace conform::gui {

class CapturesBrowser;
class CaptureStore;

class CaptureContextMenu : public QObject
{
    Q_OBJECT
public:
    CaptureContextMenu(CapturesBrowser* browser, CaptureStore* store);

    // The menu for the captures selected now (built anew each time: its actions follow them).
    QMenu* menuForSelection();

    void reviewSelected(store::ReviewState state);
    // "ticket=QA-12 -draft"; a text that does not read says why in done().
    void labelSelected(const QString& text);
    void addSelectedToSuite(const QString& path);
    void copySelectedIds();

signals:
    // A change was made (error empty; `message` says what) or was not (`error` says why).
    void done(const QString& message, const QString& error);
    void regressionSuiteWritten(const QString& path, int cases, const QString& error);
    void openClusterRequested(const QString& clusterId);

private:
    void popup(const QPoint& at);
    void askLabels();
    void askSuiteFile();

    CapturesBrowser* m_browser;
    CaptureStore* m_store;
};

} // namespace conform::gui
