#pragma once
// The validation options as a toolbar: Zod 3 / Zod 4 messages, coercions on/off, format
// assertion on/off, the draft for schemas without "$schema" (2020-12 or 7). A view of the
// validation settings, whose owner is the SchemaDocument: the window gives the toolbar the
// document's settings (setSettings) and the document the toolbar's whole ValidationSettings
// value whenever one of them changes (settingsChanged; equal settings change nothing, so the
// two never loop).
#include "document/validationsettings.h"

#include <QToolBar>

class QAction;
class QComboBox;

namespace conform::gui {

class OptionsToolBar : public QToolBar
{
    Q_OBJECT

public:
    explicit OptionsToolBar(QWidget* parent = nullptr);

    ValidationSettings settings() const;
    void setSettings(const ValidationSettings& settings);

    QComboBox* styleBox() const { return m_style; }
    QAction* coerceAction() const { return m_coerce; }
    QAction* formatsAction() const { return m_formats; }
    QComboBox* draftBox() const { return m_draft; }

signals:
    void settingsChanged(const conform::gui::ValidationSettings& settings);

private:
    void changed();

    QComboBox* m_style;
    QAction* m_coerce;
    QAction* m_formats;
    QComboBox* m_draft;
    bool m_updating = false;
};

} // namespace conform::gui
