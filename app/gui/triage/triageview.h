#pragma once
// The Triage activity: failures grouped by cause (store/clusters.h) over filters of its own
// (the Captures list's fields, remembered apart: a list filtered to one cluster from here
// never narrows Triage) and a time range, biggest or newest first, each in words with its trend, state and note.
// Choosing a cluster shows what its captures share — its findings, highlighted in a
// representative raw reply (the attempt its signature judges), the schema versions and
// models it spans — its newest captures (a double-click opens one in Captures; "Show its
// captures" lists them all there) and its review history.
//
// A reviewer's keyboard flow (the shortcuts work anywhere in the activity):
//   Alt+Down / Alt+Up   next / previous cluster
//   Alt+N               the next cluster no one has reviewed (new or regressed)
//   Alt+1 … Alt+5       new, confirmed, expected, fixed, ignored
//   F2                  write a note; Enter keeps it, Escape drops it
// A review is signed with Settings ▸ Store ▸ your name (else $USER) and kept in the store with
// its history (qajobs.h), so a team on one PostgreSQL store shares it. A cluster marked fixed
// that has a newer capture reads regressed and is drawn in the failure colour.
//
// Make regression suite… writes the cluster's newest captures as a suite that replays
// offline (suite/regression_suite.h) and asks the window to open it in Suites.
//
// Reads run on worker threads with connections of their own; at most one list query runs at
// a time, and a refresh asked for meanwhile runs once it ends.
#include "store/clusters.h"
#include "store/location.h"

#include <QWidget>

#include <cstdint>
#include <optional>

class QAbstractButton;
class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTableView;

namespace conform::gui {

class CaptureFilterBar;
class ClusterListModel;

class TriageView : public QWidget
{
    Q_OBJECT
public:
    explicit TriageView(const store::StoreLocation& location, QWidget* parent = nullptr);

    // Another store is in use: the clusters are read from it at the next refresh.
    void setLocation(const store::StoreLocation& location);
    // Reads the clusters now (or once the query running ends), keeping the cluster chosen.
    void refresh();
    bool isQuerying() const { return m_querying; }

    enum class Range { All, Day, Week, Month };
    void setRange(Range range);
    void setNewestFirst(bool newest);
    // Only clusters needing review (new and regressed), or every one.
    void setOnlyUnreviewed(bool only);

    CaptureFilterBar* filterBar() const { return m_filters; }
    ClusterListModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    // The cluster chosen, or none.
    const store::Cluster* currentCluster() const;
    bool selectCluster(const QString& id);
    void nextCluster();
    void previousCluster();
    // The next cluster below the chosen one (wrapping round) that reads new or regressed.
    // False when there is none.
    bool nextUnreviewed();
    // Reviews the chosen cluster; the note field's text goes with it when it was changed.
    void setState(store::ReviewState state);
    // Keeps `note` on the chosen cluster with the state it has.
    void setNote(const QString& note);
    void editNote();
    // Writes the chosen cluster's newest captures (at most `limit`) as a regression suite.
    void makeRegressionSuite(const QString& path, int limit = 20);
    // What the window says after a change ("reviewed … as fixed") or why it failed.
    QString statusText() const;

    // The detail pane, for tests and the walk.
    QLabel* causeLabel() const { return m_cause; }
    QLabel* spreadLabel() const { return m_spread; }
    QLabel* reviewLabel() const { return m_reviewLine; }
    QLineEdit* noteEdit() const { return m_note; }
    QListWidget* sharedList() const { return m_shared; }
    QListWidget* examplesList() const { return m_examples; }
    QPlainTextEdit* replyView() const { return m_reply; }
    QLabel* emptyLabel() const { return m_empty; }
    QAbstractButton* stateButton(store::ReviewState state) const;

signals:
    // The clusters were read (or failed: statusText() says why).
    void refreshed();
    // The chosen cluster's detail is on screen (its reply and history read).
    void detailShown();
    // A review or note was kept (error empty) or was not.
    void reviewed(const QString& error);
    void openCaptureRequested(const QString& id);
    // List every capture of the cluster in Captures; `reason` names it for the filter chip.
    void showCapturesRequested(const QString& clusterId, const QString& reason);
    // A suite was written (error empty) and can be opened in Suites.
    void regressionSuiteWritten(const QString& path, int cases, const QString& error);

private:
    void buildActions();
    QWidget* buildDetail();
    void showCluster();
    void readDetail(const store::Cluster& cluster);
    void showReview(const store::Cluster& cluster);
    void changeReview(store::ReviewState state, std::optional<std::string> note);
    void chooseSuiteFile();
    void setStatus(const QString& text);
    std::optional<std::int64_t> sinceMs() const;

    store::StoreLocation m_location;
    CaptureFilterBar* m_filters;
    QComboBox* m_range;
    QComboBox* m_order;
    QComboBox* m_show;
    QLabel* m_status;
    ClusterListModel* m_model;
    QTableView* m_table;
    QLabel* m_empty;
    QSplitter* m_splitter;
    QWidget* m_detail;
    QLabel* m_cause;
    QLabel* m_spread;
    QLabel* m_reviewLine;
    QButtonGroup* m_states;
    QLineEdit* m_note;
    QPushButton* m_makeSuite;
    QListWidget* m_shared;
    QListWidget* m_examples;
    QPlainTextEdit* m_reply;
    bool m_querying = false;
    bool m_again = false;
    int m_detailGeneration = 0;
    std::string m_keep;     // the cluster to choose again after a refresh
    int m_keepRow = -1;     // its row, when it is no longer listed
};

} // namespace conform::gui
