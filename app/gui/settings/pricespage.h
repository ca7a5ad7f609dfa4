#pragma once
// The settings dialog's Prices page: the price table Compare and the cost figures use, one
// row per provider and model in US dollars per million tokens (input, output, cached input).
// It starts as the built-in table (resources/prices.json, dated: prices change, so the page
// says when they were taken). Edited, the whole table is kept in a file of the user's
// (userPricesPath()), which is then the table in use: a row removed stays removed. Put back
// to the built-in rows, the file goes.
// Ollama and scenarios cost nothing; a model without a row has no price, never a guess.
#include "settings/appsettings.h"

#include <QString>
#include <QWidget>

class QLabel;
class QTableWidget;

namespace conform::gui {

class ToneLabel;

class PricesPage : public QWidget
{
    Q_OBJECT

public:
    explicit PricesPage(QWidget* parent = nullptr);

    // The rows as edited; an Error naming the first cell that is not a price.
    Result<stats::PriceTable> table() const;
    // Writes the rows to userPricesPath(); empty when written (or nothing was edited), else
    // why not, also shown on the page.
    QString save();

    QTableWidget* rows() const { return m_rows; }

private:
    void fill(const stats::PriceTable& table);

    QLabel* m_about;
    ToneLabel* m_problem;
    QTableWidget* m_rows;
    bool m_edited = false;
};

} // namespace conform::gui
