<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>BeatWords</name>
    <message numerus="yes">
        <source>%n issue(s) against the schema. First: %1</source>
        <translation>
            <numerusform>%n issue against the schema. First: %1</numerusform>
            <numerusform>%n issues against the schema. First: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more issue(s).</source>
        <translation>
            <numerusform>… and %n more issue.</numerusform>
            <numerusform>… and %n more issues.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Valid after %n repair(s).</source>
        <translation>
            <numerusform>Valid after %n repair.</numerusform>
            <numerusform>Valid after %n repairs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Failed: no valid value after %n call(s).</source>
        <translation>
            <numerusform>Failed: no valid value after %n call.</numerusform>
            <numerusform>Failed: no valid value after %n calls.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n call</numerusform>
            <numerusform>%n calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n repair(s)</source>
        <translation>
            <numerusform>%n repair</numerusform>
            <numerusform>%n repairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Without Conform: JSON.parse succeeds, and the value breaks the schema (%n issue(s)).</source>
        <translation>
            <numerusform>Without Conform: JSON.parse succeeds, and the value breaks the schema (%n issue).</numerusform>
            <numerusform>Without Conform: JSON.parse succeeds, and the value breaks the schema (%n issues).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClusterWords</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n capture(s) today</source>
        <translation>
            <numerusform>%n capture today</numerusform>
            <numerusform>%n captures today</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n capture(s) since %1</source>
        <translation>
            <numerusform>%n capture since %1</numerusform>
            <numerusform>%n captures since %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schema version(s)</source>
        <translation>
            <numerusform>%n schema version</numerusform>
            <numerusform>%n schema versions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n other model(s)</source>
        <translation>
            <numerusform>%1 and %n other model</numerusform>
            <numerusform>%1 and %n other models</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::CaptureContextMenu</name>
    <message numerus="yes">
        <source>Review %n capture(s) as</source>
        <translation>
            <numerusform>Review %n capture as</numerusform>
            <numerusform>Review %n captures as</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy %n id(s)</source>
        <translation>
            <numerusform>Copy %n id</numerusform>
            <numerusform>Copy %n ids</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n capture(s) reviewed as %1</source>
        <translation>
            <numerusform>%n capture reviewed as %1</numerusform>
            <numerusform>%n captures reviewed as %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n capture(s) labelled</source>
        <translation>
            <numerusform>%n capture labelled</numerusform>
            <numerusform>%n captures labelled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n case(s)</source>
        <translation>
            <numerusform>%1 holds %n case</numerusform>
            <numerusform>%1 holds %n cases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>copied %n id(s)</source>
        <translation>
            <numerusform>copied %n id</numerusform>
            <numerusform>copied %n ids</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::CapturesBrowser</name>
    <message numerus="yes">
        <source>%n new capture(s) since the list was read — show them</source>
        <translation>
            <numerusform>%n new capture since the list was read — show them</numerusform>
            <numerusform>%n new captures since the list was read — show them</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::ClusterListModel</name>
    <message numerus="yes">
        <source>Captures per day, the last %n day(s)</source>
        <translation>
            <numerusform>Captures per day, the last %n day</numerusform>
            <numerusform>Captures per day, the last %n days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::MainWindow</name>
    <message numerus="yes">
        <source>Replaced %n occurrence(s)</source>
        <translation>
            <numerusform>Replaced %n occurrence</numerusform>
            <numerusform>Replaced %n occurrences</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::ManualView</name>
    <message numerus="yes">
        <source>%n place(s)</source>
        <translation>
            <numerusform>%n place</numerusform>
            <numerusform>%n places</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n page(s)</source>
        <translation>
            <numerusform>in %n page</numerusform>
            <numerusform>in %n pages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::PresenterView</name>
    <message numerus="yes">
        <source>%n s a step</source>
        <translation>
            <numerusform>%n s a step</numerusform>
            <numerusform>%n s a step</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::ProvidersPage</name>
    <message numerus="yes">
        <source>%n model(s) offered</source>
        <translation>
            <numerusform>%n model offered</numerusform>
            <numerusform>%n models offered</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::SchemaDiffPane</name>
    <message numerus="yes">
        <source>Stored version %1 · %n run(s) · last %2</source>
        <translation>
            <numerusform>Stored version %1 · %n run · last %2</numerusform>
            <numerusform>Stored version %1 · %n runs · last %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s): </source>
        <translation>
            <numerusform>%n change: </numerusform>
            <numerusform>%n changes: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n stored reply(s) that were valid fail the schema as edited</source>
        <translation>
            <numerusform>%1 of %n stored reply that was valid fails the schema as edited</numerusform>
            <numerusform>%1 of %n stored replies that were valid fail the schema as edited</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>conform::gui::TriageView</name>
    <message numerus="yes">
        <source>%n cluster(s)</source>
        <translation>
            <numerusform>%n cluster</numerusform>
            <numerusform>%n clusters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> of %n capture(s) · %1 s</source>
        <translation>
            <numerusform> of %n capture · %1 s</numerusform>
            <numerusform> of %n captures · %1 s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>schema %1 (%n version(s))</source>
        <translation>
            <numerusform>schema %1 (%n version)</numerusform>
            <numerusform>schema %1 (%n versions)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2: %n capture(s)</source>
        <translation>
            <numerusform>%1 · %2: %n capture</numerusform>
            <numerusform>%1 · %2: %n captures</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>wrote %n case(s) to %1</source>
        <translation>
            <numerusform>wrote %n case to %1</numerusform>
            <numerusform>wrote %n cases to %1</numerusform>
        </translation>
    </message>
</context>
</TS>
