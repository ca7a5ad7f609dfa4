#include "workbench/optionstoolbar.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>

namespace conform::gui {

OptionsToolBar::OptionsToolBar(QWidget* parent)
    : QToolBar(tr("Validation options"), parent), m_style(new QComboBox(this)),
      m_coerce(new QAction(tr("Coerce"), this)), m_formats(new QAction(tr("Assert formats"), this)), m_draft(new QComboBox(this))
{
    setObjectName(QStringLiteral("optionsToolBar"));
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* label = new QLabel(tr("Messages:"), this);
    label->setContentsMargins(6, 0, 4, 0);
    addWidget(label);
    m_style->addItem(tr("Zod 3"), int(schema::ZodStyle::Zod3));
    m_style->addItem(tr("Zod 4"), int(schema::ZodStyle::Zod4));
    m_style->setToolTip(tr("Word issues as Zod 3 or Zod 4 would"));
    addWidget(m_style);
    addSeparator();
    m_coerce->setCheckable(true);
    m_coerce->setToolTip(tr("Coerce near-misses before validating: enum case, yes/no, \"5\" -> 5, x -> [x]"));
    addAction(m_coerce);
    m_formats->setCheckable(true);
    m_formats->setToolTip(tr("Treat \"format\" (email, uri, date-time, ...) as an assertion, not an annotation"));
    addAction(m_formats);
    addSeparator();
    auto* draftLabel = new QLabel(tr("Draft:"), this);
    draftLabel->setContentsMargins(6, 0, 4, 0);
    addWidget(draftLabel);
    m_draft->addItem(QStringLiteral("2020-12"), int(schema::Draft::Draft2020_12));
    m_draft->addItem(QStringLiteral("7"), int(schema::Draft::Draft7));
    m_draft->setToolTip(tr("The rules for a schema whose \"$schema\" does not say (saved with the workspace)"));
    addWidget(m_draft);
    connect(m_style, &QComboBox::currentIndexChanged, this, &OptionsToolBar::changed);
    connect(m_coerce, &QAction::toggled, this, &OptionsToolBar::changed);
    connect(m_formats, &QAction::toggled, this, &OptionsToolBar::changed);
    connect(m_draft, &QComboBox::currentIndexChanged, this, &OptionsToolBar::changed);
}

ValidationSettings OptionsToolBar::settings() const
{
    ValidationSettings settings;
    settings.style = schema::ZodStyle(m_style->currentData().toInt());
    settings.coerce = m_coerce->isChecked();
    settings.assertFormats = m_formats->isChecked();
    settings.defaultDraft = schema::Draft(m_draft->currentData().toInt());
    return settings;
}

void OptionsToolBar::setSettings(const ValidationSettings& settings)
{
    m_updating = true;
    m_style->setCurrentIndex(m_style->findData(int(settings.style)));
    m_coerce->setChecked(settings.coerce);
    m_formats->setChecked(settings.assertFormats);
    m_draft->setCurrentIndex(m_draft->findData(int(settings.defaultDraft)));
    m_updating = false;
    changed();
}

void OptionsToolBar::changed()
{
    if (!m_updating)
        emit settingsChanged(settings());
}

} // namespace conform::gui
