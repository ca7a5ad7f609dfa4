#pragma once
// The prompt's variables as a table: one row per {{name}} found in the system and user
// prompts, its value beside it. Values are kept per workspace in a plain JSON object beside
// the prompt (prompt.vars.json: {"people": "Marco, Priya"}), so they can go into git with it;
// they are written as soon as they change. Values of names no longer in the prompts are kept
// in the file but not shown.
//
// A view of the RunDraft's variables: a value typed is said (valueEdited) for the draft to
// take as an undoable edit, and the table shows what the draft then says (showValues).
#include <QTableWidget>

#include <map>
#include <string>

namespace conform::gui {

class PromptVariables : public QTableWidget
{
    Q_OBJECT

public:
    explicit PromptVariables(QWidget* parent = nullptr);

    // Rows for the placeholders of `system` and `user`, in order of first appearance.
    void setPrompts(const QString& system, const QString& user);
    // Reads (and from now on writes) the values in `folder`/prompt.vars.json.
    void setFolder(const QString& folder);
    QString filePath() const;

    // name -> value for the shown rows.
    std::map<std::string, std::string> values() const;
    // The shown names whose value is empty.
    QStringList emptyNames() const;
    // As if the user typed `value` in the row of `name` (valueEdited).
    void setValue(const QString& name, const QString& value);
    // Whether values shown are kept in prompt.vars.json: a demo's are only shown (playing a demo
    // leaves the workspace's files as they were, and the user's own values in them).
    enum class Keep { InFile, OnScreen };
    // Shows the draft's values (and keeps those that changed in the file); says nothing.
    void showValues(const std::map<std::string, std::string>& values, Keep keep = Keep::InFile);

signals:
    // The shown names changed, or the folder's values were read (values() says what they are now).
    void valuesChanged();
    // The user typed `value` for `name`.
    void valueEdited(const QString& name, const QString& value);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void save() const;
    void fitNameColumn();

    QString m_folder;
    std::map<QString, QString> m_values; // every value known, shown or not
    std::map<QString, QString> m_kept;   // what prompt.vars.json holds: m_values but a demo's
    bool m_filling = false;
};

// The {{name}} placeholders of `text`, in order, each once.
QStringList placeholderNames(const QString& text);

} // namespace conform::gui
