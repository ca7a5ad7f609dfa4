#pragma once
// What the settings dialog edits and QSettings keeps: per provider a base URL and a default
// model, the capture store's location, the theme. No secret is ever part of it: API keys live
// in the keychain (keys/key_ring.h) and a store URL is kept without its password (PostgreSQL
// reads that from ~/.pgpass or PGPASSWORD). The Zod style stays with the options toolbar.
// save() announces every key whose value it changed (settingsnotifier.h), so the owners of
// what a setting governs follow it at once: a new store is the store in use after OK.
#include "base/result.h"
#include "providers/provider.h"
#include "stats/prices.h"
#include "store/location.h"

#include <QString>

#include <map>

class QSettings;

namespace conform::gui {

enum class Theme { System, Light, Dark };

struct ProviderSettings
{
    QString baseUrl;      // empty: from the environment, else the provider's public URL
    QString defaultModel; // empty: builtInDefaultModel()
};

struct AppSettings
{
    std::map<providers::ProviderKind, ProviderSettings> providers;
    // A SQLite file or a postgresql:// URL; empty: the default. $CONFORM_STORE, when set, wins
    // over it (store/location.h chooseStore()).
    QString store;
    Theme theme = Theme::System;
    // Your name, as reviews are signed (store/reviews.h); empty: reviewer() falls back to $USER.
    QString reviewerName;

    static AppSettings load(const QSettings& settings);
    static AppSettings load();
    // Writes every field and announces the keys whose values changed (SettingsNotifier).
    void save(QSettings& settings) const;
    void save() const;

    ProviderSettings provider(providers::ProviderKind kind) const;
    // The model a new run starts with: the user's default, else Conform's.
    QString defaultModel(providers::ProviderKind kind) const;
    // The store the workbench uses, and why: $CONFORM_STORE when set, else this setting,
    // else the default (store/location.h chooseStore(): the order is deliberate).
    store::StoreChoice storeLocation() const;
    // Who a review is by: the name set here, else $USER ($USERNAME, $LOGNAME), else the
    // account's name.
    QString reviewer() const;
};

// The providers a user configures (all but the offline Scenario provider).
std::vector<providers::ProviderKind> configurableProviders();
QString builtInDefaultModel(providers::ProviderKind kind);

// An error message when `text` cannot be kept as the store setting (unparsable, or a URL
// carrying a password); empty when it can.
QString storeSettingProblem(const QString& text);

// Where the workbench keeps the user's prices (a price table as --prices reads it; Settings ▸
// Prices writes it).
QString userPricesPath();
// The user's table when there is one, else the built-in; a user file that does not read is
// left out, and `problem` (when given) says why. Ollama and scenarios are free either way.
stats::PriceTable pricesInUse(QString* problem = nullptr);

// Follows the system's palette (Theme::System) or sets Fusion with a light or dark palette.
void applyTheme(Theme theme);

} // namespace conform::gui
