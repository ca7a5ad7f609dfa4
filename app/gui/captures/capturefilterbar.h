#pragma once
// The filters the captures browser and the dashboards share: outcome, flag, source (run, suite,
// proxy, OpenTelemetry, batch file), provider, model, mode, schema and prompt version (hash
// prefixes), time range, text in the final reply, labels ("key=value key=value": each
// must hold) and the failure cluster (shown only while set: Triage's "Show its captures").
// Each field is one of conform-cli's filter flags, read by store::Filter::set, so a filter
// here and `conform-cli captures list|stats --NAME VALUE` select the same captures.
// Edits are debounced; the fields are remembered in QSettings under a group of their own.
// A view that opens "the captures of this" (a Compare cell, a Runs ×N row) sets its fields
// for the moment (showTemporarily): the user's own filter comes back with restorePrevious(),
// and only the user's own is ever remembered. FilterChips (filterchips.h) shows every active
// field, so no filter is ever out of sight.
#include "store/filter.h"

#include <QWidget>

#include <utility>
#include <vector>

class QComboBox;
class QLineEdit;
class QTimer;

namespace conform::gui {

class CaptureFilterBar : public QWidget
{
    Q_OBJECT
public:
    // `settingsGroup`: where the fields are remembered ("captures/filter").
    explicit CaptureFilterBar(const QString& settingsGroup, QWidget* parent = nullptr);
    ~CaptureFilterBar() override;

    // The fields set, as conform-cli's flags without the dashes: {"outcome", "failed"}, ...
    std::vector<std::pair<std::string, std::string>> arguments() const;
    // The filter, or the first field that does not parse ("--since ...").
    Result<store::Filter> filter() const;

    // Sets one field by its flag name ("outcome", "failed"); an empty value clears it.
    void setField(const QString& name, const QString& value);
    QString field(const QString& name) const;
    // Every field by flag name, set or not, in the order the bar shows them.
    QStringList fieldNames() const;
    // The word a field is shown by ("outcome", "labels"), and its value as shown ("failed").
    QString fieldTitle(const QString& name) const;
    QString fieldText(const QString& name) const;
    void clear();

    // Replaces the whole filter with `fields` until restorePrevious(); `reason` says where it
    // came from ("Compare: v2 × drift-prompt-v2"). A second call keeps the first's previous.
    void showTemporarily(const std::vector<std::pair<QString, QString>>& fields, const QString& reason);
    bool isTemporary() const { return !m_temporaryReason.isEmpty(); }
    QString temporaryReason() const { return m_temporaryReason; }
    // The user's own filter again, as it was before showTemporarily().
    void restorePrevious();

signals:
    // Some time after the last edit, with a filter that parses.
    void filterChanged();
    // At once after any change of a field or of the temporary state (for FilterChips).
    void fieldsChanged();

private:
    QLineEdit* addEdit(const QString& name, const QString& placeholder, int width);
    // A combo box whose first item (any) clears the field; each other item's data is the value.
    QComboBox* addChoice(const QString& name, const QString& any, const QString& toolTip,
                         const std::vector<std::pair<QString, QString>>& words);
    void edited();
    void save() const;
    void restore();
    std::vector<std::pair<QString, QString>> values() const;

    QString m_group;
    std::vector<std::pair<QString, QComboBox*>> m_choices; // flag name -> choice (outcome, flag, source)
    std::vector<std::pair<QString, QLineEdit*>> m_edits;   // flag name -> field
    QTimer* m_debounce;
    QString m_temporaryReason;                         // empty: the filter is the user's own
    std::vector<std::pair<QString, QString>> m_previous; // the user's own, while temporary
};

} // namespace conform::gui
