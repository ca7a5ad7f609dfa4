// The story presenter mode tells (engine/narration.h): three built-in demos narrated from the
// runs they record, beat by beat, against sequences written out by hand from their scenario
// files; the closing card's "without Conform" read as JSON.parse reads. (That every demo's
// narrated steps are exactly its record's steps, over every protocol, is checked with the
// scenarios' own promises in test_engine_scenarios.)
#include "engine_fixture.h"
#include "test_registry.h"

#include "engine/narration.h"
#include "providers/scenario.h"

#include <QTest>

using namespace conform;
using namespace conform::engine;

namespace {

// The built-in scenario `name` played in process, in the mode it is meant for, under the
// default policy (what its `expect` speaks of).
RunRecord play(const QString& name)
{
    auto loaded = providers::loadScenario(providers::resolveScenarioPath(name));
    if (!loaded)
        return RunRecord{};
    const providers::Scenario& s = loaded.value();
    Target target = httpTarget(QStringLiteral("scenario"), {}, {},
                               QString::fromStdString(std::string(modeChoiceName(s.mode.value_or(ModeChoice::Auto)))));
    target.scenario = std::make_shared<const providers::Scenario>(s);
    RunSpec spec;
    spec.schema = s.schema.value_or(Json::object());
    spec.prompt = Prompt{s.promptSystem, s.promptUser.empty() ? s.description : s.promptUser, s.variables, {}};
    spec.targets.push_back(std::move(target));
    return runToEnd(spec);
}

// "asked strict | issue /redirect_suggestion | …": each beat's kind and detail.
QString told(const std::vector<Beat>& beats)
{
    static const char* const names[] = {"asked", "repair", "reask", "continue", "fallback", "retry", "no-answer", "cut", "candidate",
                                        "fix", "coercion", "refused", "no-json", "issue", "more-issues", "valid", "unchecked", "ended"};
    static_assert(std::size(names) == std::size_t(BeatKind::Ended) + 1);
    QStringList out;
    for (const Beat& beat : beats)
        out << QString::fromLatin1(names[int(beat.kind)]) + (beat.detail.empty() ? QString() : QLatin1Char(' ') + QString::fromStdString(beat.detail));
    return out.join(QStringLiteral(" | "));
}

} // namespace

class EngineNarrationTest : public QObject
{
    Q_OBJECT
private slots:
    void demosByHand_data()
    {
        QTest::addColumn<QString>("demo");
        QTest::addColumn<QString>("beats");
        // fenced-reply: a sentence, then six goals in a ```json fence: read from the fence, valid.
        QTest::newRow("fenced-reply") << "fenced-reply" << "asked strict | candidate fenced | valid | ended valid";
        // trailing-commas: the facts come back with trailing commas; they are removed, valid.
        QTest::newRow("trailing-commas") << "trailing-commas" << "asked strict | fix trailing_comma | valid | ended valid";
        // missing-field: redirect_suggestion left out, asked once more, then given: repaired.
        QTest::newRow("missing-field") << "missing-field" << "asked strict | issue /redirect_suggestion | repair strict | valid | ended repaired";
    }

    void demosByHand()
    {
        QFETCH(QString, demo);
        QFETCH(QString, beats);
        QCOMPARE(told(narrate(play(demo))), beats);
    }

    void withoutConform_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("where");
        QTest::newRow("prose first") << "Here it is: {\"a\": 1}" << true << int(WithoutConform::Kind::ParseFails) << "line 1, column 1";
        QTest::newRow("a trailing comma") << "{\"a\": 1,}" << true << int(WithoutConform::Kind::ParseFails) << "line 1, column 9";
        QTest::newRow("clean and valid") << "{\"a\": 1}" << true << int(WithoutConform::Kind::Same) << "";
        QTest::newRow("clean, breaking the schema") << "{\"a\": \"1\"}" << false << int(WithoutConform::Kind::BreaksSchema) << "";
    }

    void withoutConform()
    {
        QFETCH(QString, raw);
        QFETCH(bool, valid);
        QFETCH(int, kind);
        QFETCH(QString, where);
        AttemptRecord attempt;
        attempt.raw = raw.toStdString();
        attempt.parsed = true;
        attempt.valid = valid;
        if (!valid)
            attempt.issues = Json::array({Json{{"code", "invalid_type"}, {"path", Json::array({"a"})}, {"message", "Expected number, received string"}}});
        RunRecord record;
        record.attempts = {attempt};
        const ClosingCard card = closingCard(record);
        QCOMPARE(int(card.withoutConform.kind), kind);
        QCOMPARE(QString::fromStdString(card.withoutConform.where), where);
        QCOMPARE(card.withoutConform.issues, valid ? 0 : 1);
    }
};

CONFORM_TEST_CLASS(EngineNarrationTest);

#include "test_engine_narration.moc"
