#include "run/promptvariables.h"

#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>

namespace conform::gui {

namespace {

const QString kFileName = QStringLiteral("prompt.vars.json");

} // namespace

QStringList placeholderNames(const QString& text)
{
    static const QRegularExpression placeholder(QStringLiteral("\\{\\{\\s*([A-Za-z_][A-Za-z0-9_.-]*)\\s*\\}\\}"));
    QStringList names;
    for (auto it = placeholder.globalMatch(text); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (!names.contains(name))
            names << name;
    }
    return names;
}

PromptVariables::PromptVariables(QWidget* parent) : QTableWidget(0, 2, parent)
{
    setHorizontalHeaderLabels({tr("Variable"), tr("Value")});
    verticalHeader()->hide();
    // The value is what the user types: it always has the width the names leave, and the
    // table never scrolls sideways (a scrolled row read "ariable | nswer").
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setTextElideMode(Qt::ElideMiddle);
    setWordWrap(false);
    setToolTip(tr("Values for the {{name}} placeholders of the prompts, saved in prompt.vars.json beside the prompt"));
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_filling || item->column() != 1)
            return;
        emit valueEdited(this->item(item->row(), 0)->text(), item->text());
    });
}

void PromptVariables::fitNameColumn()
{
    // As wide as the longest name, up to 40% of the table; a longer name is elided (its tooltip is whole).
    const int widest = std::max(horizontalHeader()->sectionSizeHint(0), sizeHintForColumn(0));
    setColumnWidth(0, std::min(widest, std::max(60, viewport()->width() * 2 / 5)));
}

void PromptVariables::resizeEvent(QResizeEvent* event)
{
    QTableWidget::resizeEvent(event);
    fitNameColumn();
}

void PromptVariables::setPrompts(const QString& system, const QString& user)
{
    const QStringList names = placeholderNames(system + QLatin1Char('\n') + user);
    m_filling = true;
    setRowCount(int(names.size()));
    for (int row = 0; row < names.size(); ++row) {
        auto* name = new QTableWidgetItem(names[row]);
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        name->setToolTip(names[row]);
        setItem(row, 0, name);
        const auto known = m_values.find(names[row]);
        setItem(row, 1, new QTableWidgetItem(known == m_values.end() ? QString() : known->second));
    }
    m_filling = false;
    fitNameColumn();
    emit valuesChanged();
}

void PromptVariables::setFolder(const QString& folder)
{
    m_folder = folder;
    m_values.clear();
    QFile file(filePath());
    if (file.open(QIODevice::ReadOnly)) {
        const QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
        for (auto it = object.begin(); it != object.end(); ++it)
            m_values[it.key()] = it.value().toString();
    }
    m_kept = m_values;
    m_filling = true;
    for (int row = 0; row < rowCount(); ++row) {
        const auto known = m_values.find(item(row, 0)->text());
        item(row, 1)->setText(known == m_values.end() ? QString() : known->second);
    }
    m_filling = false;
    emit valuesChanged();
}

QString PromptVariables::filePath() const
{
    return m_folder.isEmpty() ? QString() : QDir(m_folder).filePath(kFileName);
}

std::map<std::string, std::string> PromptVariables::values() const
{
    std::map<std::string, std::string> out;
    for (int row = 0; row < rowCount(); ++row)
        out[item(row, 0)->text().toStdString()] = item(row, 1)->text().toStdString();
    return out;
}

QStringList PromptVariables::emptyNames() const
{
    QStringList names;
    for (int row = 0; row < rowCount(); ++row)
        if (item(row, 1)->text().trimmed().isEmpty())
            names << item(row, 0)->text();
    return names;
}

void PromptVariables::setValue(const QString& name, const QString& value)
{
    for (int row = 0; row < rowCount(); ++row)
        if (item(row, 0)->text() == name)
            item(row, 1)->setText(value); // itemChanged saves it
}

void PromptVariables::showValues(const std::map<std::string, std::string>& values, Keep keep)
{
    bool changed = false;
    m_filling = true;
    for (const auto& [name, value] : values) {
        const QString key = QString::fromStdString(name);
        const QString text = QString::fromStdString(value);
        if (m_values[key] == text)
            continue;
        m_values[key] = text;
        if (keep == Keep::InFile) {
            m_kept[key] = text;
            changed = true;
        }
    }
    for (int row = 0; row < rowCount(); ++row) {
        const auto known = m_values.find(item(row, 0)->text());
        const QString text = known == m_values.end() ? QString() : known->second;
        if (item(row, 1)->text() != text)
            item(row, 1)->setText(text);
    }
    m_filling = false;
    if (changed)
        save();
}

void PromptVariables::save() const
{
    if (m_folder.isEmpty())
        return;
    QJsonObject object;
    for (const auto& [name, value] : m_kept)
        if (!value.isEmpty())
            object.insert(name, value);
    QSaveFile file(filePath());
    if (file.open(QIODevice::WriteOnly)) {
        file.write(QJsonDocument(object).toJson(QJsonDocument::Indented));
        file.commit();
    }
}

} // namespace conform::gui
