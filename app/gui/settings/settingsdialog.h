#pragma once
// Settings: providers (base URLs, default models, API keys through the KeyRing), the capture
// store (with a connection test), Zod 3 / Zod 4 messages and the theme. OK keeps the
// settings (AppSettings::save) and applies the theme; the caller applies style() to the
// options toolbar, which owns the Zod style. OK is refused while the store setting has a
// problem (for example a URL with a password), and the Store page says why.
//
//   SettingsDialog dialog(ring, toolbar->settings().style, this);
//   if (dialog.exec() == QDialog::Accepted) toolbar->setStyle(dialog.style());
#include "settings/appsettings.h"

#include "schema/schema.h"

#include <QDialog>

class QComboBox;
class QTabWidget;

namespace conform::keys { class KeyRing; }

namespace conform::gui {

class ProvidersPage;
class StorePage;
class PricesPage;

class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    SettingsDialog(keys::KeyRing* ring, schema::ZodStyle style, QWidget* parent = nullptr);

    AppSettings settings() const;
    schema::ZodStyle style() const;

    void accept() override;

    ProvidersPage* providersPage() const { return m_providers; }
    StorePage* storePage() const { return m_store; }
    PricesPage* pricesPage() const { return m_prices; }
    QComboBox* styleCombo() const { return m_style; }
    QComboBox* themeCombo() const { return m_theme; }
    QTabWidget* tabs() const { return m_tabs; }

private:
    QWidget* buildAppearance(schema::ZodStyle style, Theme theme);

    QTabWidget* m_tabs;
    ProvidersPage* m_providers;
    StorePage* m_store;
    PricesPage* m_prices;
    QComboBox* m_style = nullptr;
    QComboBox* m_theme = nullptr;
};

} // namespace conform::gui
