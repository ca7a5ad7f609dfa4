#include "optionstoolbar.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>

namespace conform::gui {

OptionsToolBar::OptionsToolBar(QWidget* parent)
    : QToolBar(tr("Validation options"), parent), m_style(new QComboBox(this)),
      m_coerce(new QAction(tr("Coerce"), this)), m_formats(new QAction(tr("Assert formats"), this))
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
    connect(m_style, &QComboBox::currentIndexChanged, this, &OptionsToolBar::changed);
    connect(m_coerce, &QAction::toggled, this, &OptionsToolBar::changed);
    connect(m_formats, &QAction::toggled, this, &OptionsToolBar::changed);
}

ValidationSettings OptionsToolBar::settings() const
{
    ValidationSettings settings;
    settings.style = schema::ZodStyle(m_style->currentData().toInt());
    settings.coerce = m_coerce->isChecked();
    settings.assertFormats = m_formats->isChecked();
    return settings;
}

void OptionsToolBar::setSettings(const ValidationSettings& settings)
{
    m_updating = true;
    m_style->setCurrentIndex(m_style->findData(int(settings.style)));
    m_coerce->setChecked(settings.coerce);
    m_formats->setChecked(settings.assertFormats);
    m_updating = false;
    changed();
}

void OptionsToolBar::changed()
{
    if (!m_updating)
        emit settingsChanged(settings());
}

} // namespace conform::gui
