#pragma once
// The comparison being planned, as a document: its variants (what differs: a schema, prompt
// texts, variables, a policy), its targets, the repeats and the baseline, with the suite's
// name, policy and concurrency from the file it came from. The Compare activity is a view of
// it: every change is announced, and a user's edit is one step on undoStack() (Tiled's
// MapDocument: the window's QUndoGroup makes it active while Compare has the focus).
//
//   ComparePlan plan;
//   plan.open("drift.compare.json", &error);         // a load: the undo stack starts afresh
//   plan.removeVariant(1);                           // an edit: undoable
//   plan.undoStack()->undo();                        // v2 is back, where it was
//   plan.save("mine.compare.json", &error);          // suite::comparisonDocument writes it
//
// Files are the comparison format (schemas/compare.schema.json), read by libcore's
// loadComparison and written by its comparisonDocument, the CLI's `compare FILE` reading the
// same. Variant names are data (the "variant" label of every capture), never words of the UI.
#include "suite/comparison_file.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class QUndoStack;

namespace conform::gui {

struct PlanVariant
{
    suite::VariantCases cases; // its name is the variant's
    QString origin;            // where it came from, for the reader: "the draft", a file's name

    QString name() const { return QString::fromStdString(cases.name); }
};

class ComparePlan : public QObject
{
    Q_OBJECT

public:
    explicit ComparePlan(QObject* parent = nullptr);

    const std::vector<PlanVariant>& variants() const { return m_variants; }
    const std::vector<suite::SuiteTarget>& targets() const { return m_targets; }
    int repeat() const { return m_repeat; }
    // The baseline as set ("" : none chosen); effectiveBaseline() is the one a run uses: it,
    // when it names a variant (with one variant: a target), else the first of them.
    QString baseline() const { return m_baseline; }
    QString effectiveBaseline() const;
    // What the baseline is chosen from: the variants, or with fewer than two the targets.
    QStringList baselineChoices() const;
    QString name() const { return m_name; }
    const engine::Policy& policy() const { return m_policy; }
    int concurrency() const { return m_concurrency; }
    QStringList variantNames() const;
    QStringList targetNames() const;
    // `stem`, or "stem 2", "stem 3"… : the first no variant has.
    QString uniqueName(const QString& stem) const;
    // The file last opened or saved ("" for a new plan).
    QString filePath() const { return m_filePath; }

    // Loads: replace the plan (and start its undo afresh). False with the reason in `error`.
    bool open(const QString& path, QString* error);
    bool save(const QString& path, QString* error);

    // A user's edits, one undo step each; out-of-range indexes and no-op edits do nothing.
    void addVariant(PlanVariant variant);
    void removeVariant(int index);
    void renameVariant(int index, const QString& name); // a name taken already is made unique
    void addTarget(suite::SuiteTarget target);
    void removeTarget(int index);
    void setRepeat(int repeat);
    void setBaseline(const QString& name);
    QUndoStack* undoStack() const { return m_undo; }

signals:
    void variantsChanged();
    void targetsChanged();
    void repeatChanged(int repeat);
    void baselineChanged(const QString& baseline);

private:
    friend class PlanListEdit;
    friend class RenameVariant;
    // The changes the undo commands make, each announced.
    void insertVariant(int index, PlanVariant variant);
    PlanVariant takeVariant(int index);
    void insertTarget(int index, suite::SuiteTarget target);
    suite::SuiteTarget takeTarget(int index);
    void applyName(int index, const QString& name);
    void applyRepeat(int repeat);
    void applyBaseline(const QString& name);

    QUndoStack* m_undo;
    std::vector<PlanVariant> m_variants;
    std::vector<suite::SuiteTarget> m_targets;
    int m_repeat = 20;
    QString m_baseline;
    QString m_name = QStringLiteral("compare");
    engine::Policy m_policy;
    int m_concurrency = 4;
    QString m_filePath;
};

} // namespace conform::gui
