#pragma once
// A read-only table view of an IssueModel that says which issue the user picked, by mouse or
// keyboard, so the pane can point both editors at it.
#include <QTreeView>

namespace conform::gui {

class IssueModel;

class IssueList : public QTreeView
{
    Q_OBJECT

public:
    explicit IssueList(IssueModel* model, QWidget* parent = nullptr);
    IssueModel* issueModel() const { return m_model; }

signals:
    // The issue at `row` of the model was clicked or became current.
    void issueActivated(int row);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitColumns();

    IssueModel* m_model;
};

} // namespace conform::gui
