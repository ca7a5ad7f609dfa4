#include "workbench/livestorelabel.h"

#include "captures/capturestore.h"
#include "settings/storeinuse.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace conform::gui {

namespace {

// Wider than this, the name is elided: the status bar must not widen the window.
constexpr int kMaxWidth = 480;

} // namespace

LiveStoreLabel::LiveStoreLabel(CaptureStore* store, QWidget* parent)
    : QWidget(parent), m_store(store), m_label(new QLabel(this)), m_settings(new QToolButton(this))
{
    m_label->setObjectName(QStringLiteral("liveStore"));
    m_label->setTextFormat(Qt::PlainText);
    m_label->setMaximumWidth(kMaxWidth);
    m_settings->setObjectName(QStringLiteral("liveStoreSettings"));
    m_settings->setText(tr("Store settings…"));
    m_settings->setAutoRaise(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_settings);
    connect(m_settings, &QToolButton::clicked, this, &LiveStoreLabel::settingsRequested);
    connect(store, &CaptureStore::reopened, this, &LiveStoreLabel::showStore);
    connect(store, &CaptureStore::failed, this, &LiveStoreLabel::showFailure);
    showStore();
}

void LiveStoreLabel::showStore()
{
    if (!m_store->ok())
        return showFailure(m_store->errorString());
    setText(tr("Store: %1").arg(m_store->displayName()), StoreInUse::why(m_store->origin()));
    m_settings->setVisible(false);
}

void LiveStoreLabel::showFailure(const QString& message)
{
    const QString where = m_store->displayName().isEmpty() ? tr("none") : m_store->displayName();
    setText(tr("Store not usable: %1").arg(where), StoreInUse::failure(message) + QLatin1Char('\n') + StoreInUse::why(m_store->origin()));
    m_settings->setVisible(true);
}

void LiveStoreLabel::setText(const QString& text, const QString& why)
{
    m_label->setText(m_label->fontMetrics().elidedText(text, Qt::ElideMiddle, kMaxWidth));
    m_label->setToolTip(text + QLatin1Char('\n') + why);
}

} // namespace conform::gui
