#include "settings/settingsdialog.h"

#include "settings/pricespage.h"
#include "settings/providerspage.h"
#include "settings/storepage.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QTabWidget>
#include <QVBoxLayout>

namespace conform::gui {

SettingsDialog::SettingsDialog(keys::KeyRing* ring, schema::ZodStyle style, QWidget* parent)
    : QDialog(parent), m_tabs(new QTabWidget(this))
{
    setWindowTitle(tr("Settings"));
    const AppSettings current = AppSettings::load();
    m_providers = new ProvidersPage(ring, current, this);
    m_store = new StorePage(current.store, current.reviewerName, this);
    m_tabs->addTab(m_providers, tr("Providers"));
    m_tabs->addTab(m_store, tr("Store"));
    m_prices = new PricesPage(this);
    m_tabs->addTab(m_prices, tr("Prices"));
    m_tabs->addTab(buildAppearance(style, current.theme), tr("Appearance"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(buttons);
    resize(720, sizeHint().height());
}

QWidget* SettingsDialog::buildAppearance(schema::ZodStyle style, Theme theme)
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    m_style = new QComboBox(page);
    m_style->addItem(tr("Zod 3"), int(schema::ZodStyle::Zod3));
    m_style->addItem(tr("Zod 4"), int(schema::ZodStyle::Zod4));
    m_style->setCurrentIndex(m_style->findData(int(style)));
    form->addRow(tr("Issue messages"), m_style);
    m_theme = new QComboBox(page);
    m_theme->addItem(tr("Follow the system"), int(Theme::System));
    m_theme->addItem(tr("Light"), int(Theme::Light));
    m_theme->addItem(tr("Dark"), int(Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(int(theme)));
    form->addRow(tr("Theme"), m_theme);
    return page;
}

AppSettings SettingsDialog::settings() const
{
    AppSettings settings;
    m_providers->writeTo(settings);
    settings.store = m_store->store();
    settings.reviewerName = m_store->reviewerName();
    settings.theme = Theme(m_theme->currentData().toInt());
    return settings;
}

schema::ZodStyle SettingsDialog::style() const
{
    return schema::ZodStyle(m_style->currentData().toInt());
}

void SettingsDialog::accept()
{
    if (!m_store->problem().isEmpty()) {
        m_tabs->setCurrentWidget(m_store);
        return;
    }
    if (const QString problem = m_prices->save(); !problem.isEmpty()) {
        m_tabs->setCurrentWidget(m_prices); // the page says what is wrong
        return;
    }
    const AppSettings chosen = settings();
    chosen.save();
    applyTheme(chosen.theme);
    QDialog::accept();
}

} // namespace conform::gui
