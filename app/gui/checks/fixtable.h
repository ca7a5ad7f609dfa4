#pragma once
// The fixes of one extraction as a list beside the raw reply: what was done in words, where
// (line:column of the raw text), and the text before → after. Picking a row asks the pane to
// highlight that span in the raw text. Used by the Reply tab and, per attempt, the Run tab,
// which lists the value's coercions after the fixes, as changes of their own (where is then
// the value's path). Each row carries its step code (checks/steprole.h).
#include "base/span.h"
#include "json/extract.h"
#include "json/parse.h"

#include <QTreeWidget>

#include <string_view>
#include <vector>

namespace conform::gui {

class FixTable : public QTreeWidget
{
    Q_OBJECT

public:
    enum Column { WhatColumn, WhereColumn, ChangeColumn, ColumnCount };

    explicit FixTable(QWidget* parent = nullptr);

    // Lists `fixes` (offsets into `raw`), replacing what was listed.
    void setFixes(std::string_view raw, const std::vector<json::Fix>& fixes);
    // The same with each fix's line and column already found (a worker finds them in a
    // 20 MB reply, so the GUI thread never reads the raw text again).
    void setFixes(const std::vector<json::Fix>& fixes, const std::vector<json::LineColumn>& places);
    // The same from an attempt record's "fixes" array.
    void setFixes(std::string_view raw, const Json& fixes);
    // Adds an attempt record's "coercions" after the fixes.
    void addCoercions(const Json& coercions);
    int fixCount() const { return m_fixes; }
    int coercionCount() const { return topLevelItemCount() - m_fixes; }

signals:
    void fixActivated(conform::Span span);

private:
    std::vector<Span> m_spans; // per fix row (the first m_fixes rows)
    int m_fixes = 0;
};

// A Json "fixes" array (as AttemptRecord and `extract --json` carry) as json::Fix values.
std::vector<json::Fix> fixesFromJson(const Json& fixes);
// Each fix's line and column in `raw`, in the order of `fixes`.
std::vector<json::LineColumn> fixPlaces(std::string_view raw, const std::vector<json::Fix>& fixes);

} // namespace conform::gui
