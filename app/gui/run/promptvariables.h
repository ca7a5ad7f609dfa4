#pragma once
// The prompt's variables as a table: one row per {{name}} found in the system and user
// prompts, its value beside it. Values are kept per workspace in a plain JSON object beside
// the prompt (prompt.vars.json: {"people": "Marco, Priya"}), so they can go into git with it;
// they are written as soon as they change. Values of names no longer in the prompts are kept
// in the file but not shown.
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
    void setValue(const QString& name, const QString& value);

signals:
    // The shown names or their values changed (values() says what they are now).
    void valuesChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void save() const;
    void fitNameColumn();

    QString m_folder;
    std::map<QString, QString> m_values; // every value known, shown or not
    bool m_filling = false;
};

// The {{name}} placeholders of `text`, in order, each once.
QStringList placeholderNames(const QString& text);

} // namespace conform::gui
