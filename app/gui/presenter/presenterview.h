#pragma once
// Presenter mode: a run walked through step by step for a room, full-window, at a size a
// projector shows (1280×720 and up). One caption at a time, made from the run's own record
// (engine/narration.h, in words by beatwords.h); the raw reply of the attempt the step is about,
// large, with what the step names highlighted (the text a fix changed, where the value was
// read, an issue's place); that attempt's issues; and, at the end, the final value and a
// closing card (calls, repairs, tokens, time, and what JSON.parse alone would have got).
//
// What is on screen is a function of the step alone, so stepping back shows exactly what was
// shown at that step. The presenter sets the pace from the keyboard (a clicker sends the same
// keys):
//   Space, Right, Down, Page Down   next step
//   Left, Up, Page Up, Backspace    previous step
//   Home                            from the start
//   P, Enter                        play through at the pace chosen / pause
//   Esc                             leave
// The same for a demo that just ran, for one still running (each attempt told once it is
// recorded: follow()), and for any stored capture.
#include "engine/narration.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace conform::gui {

class PresenterView : public QWidget
{
    Q_OBJECT
public:
    explicit PresenterView(QWidget* parent = nullptr);

    // The run to present, from its first step; `title` names it ("missing-field", a capture id)
    // and `story` says in a line what it shows (a scenario's description), when there is one.
    void present(engine::RunRecord record, const QString& title, const QString& story = {});
    // The run presented is still going on: `record` holds its attempts so far (no outcome yet),
    // or, `finished`, the whole run. Steps already shown stay as they were; a presenter on the
    // newest step is taken to the first new one, as it happens.
    void follow(engine::RunRecord record, bool finished);
    bool isLive() const { return m_live; }

    int step() const { return m_step; }
    int stepCount() const { return int(m_beats.size()); }
    void showStep(int step);
    void next();
    void previous();
    void restart();
    void setPlaying(bool playing);
    bool isPlaying() const;

    // What is on screen, for tests: the caption, the reply and its highlighted parts.
    QString captionText() const;
    QString replyText() const;
    QStringList highlightedTexts() const;
    QStringList issueTexts() const;
    QString closingText() const;
    QLabel* captionLabel() const { return m_caption; }

signals:
    // Esc: the window goes back to what it showed.
    void leaveRequested();
    void stepShown(int step);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    engine::RunRecord m_record;
    std::vector<engine::Beat> m_beats;
    int m_step = 0;
    bool m_live = false; // the run is still going on: no closing step yet
    QLabel* m_title;
    QLabel* m_story;
    QLabel* m_counter;
    QLabel* m_caption;
    QPlainTextEdit* m_reply;
    QListWidget* m_issues;
    QLabel* m_valueTitle;
    QPlainTextEdit* m_value;
    QLabel* m_closing;
    QPushButton* m_play;
    QComboBox* m_pace;
    QTimer* m_timer;
};

} // namespace conform::gui
