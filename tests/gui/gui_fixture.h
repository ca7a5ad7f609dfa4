#pragma once
// test_gui: the workbench driven offscreen. One Qt Test class whose slots live in two files:
// test_gui_parts.cpp (pure helpers, the issue model, the debounced worker) and test_gui.cpp
// (the main window on a temporary workspace: typing, issues, clicks, the reply pane, saving).
#include <QObject>
#include <QTemporaryDir>

#include <memory>

#include "workbench/mainwindow.h"

class TestGui : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    // test_gui_parts.cpp
    void offsetOfLineColumn_data();
    void offsetOfLineColumn();
    void withMemberKey_data();
    void withMemberKey();
    void visibleSpan();
    void issueModelPassesTester();
    void issueModelRoles();
    void fixWordsForEveryKind();
    void quotedTextShowsTheCharacters_data();
    void quotedTextShowsTheCharacters();
    void outcomeAndFlagWordsForEveryValue();
    void debouncedJobDeliversOnlyNewest();
    void debouncedJobCancelsAndOvertakes();
    void fileRoutes_data();
    void fileRoutes();

    // test_gui.cpp
    void init();
    void cleanup();
    void typingShowsIssues();
    void clickingIssueSelectsBothEditors();
    void parseErrorNamesLineAndColumn();
    void schemaErrorIsReported();
    void zodStyleOptionRewordsIssues();
    void replyPaneMarksFixesAndIssues();
    void replyPaneSaysWhenNothingFound();
    void saveClearsModifiedMarker();
    void workspaceTreeShowsOnlyWorkspaceFiles();
    void settingsPersistAcrossSessions();
    void draftIsKeptPerWorkspace();
    void largeInstanceKeepsGuiResponsive();
    void hostileInputEndsInAnError();

    // test_gui_checks.cpp
    void hugeThenSmallShowsTheSmallOnesIssues();
    void editDuringLongCheckShowsOnlyTheNewVerdict();
    void cancelStopsALongCheck();
    void manyIssuesListTheFirstThousandAndExportAll();
    void refToSiblingFileResolves();
    void nulInTheInstanceIsReported();
    void checkTimeGrowsLinearly();

    // test_gui_files.cpp
    void notTextIsRefused_data();
    void notTextIsRefused();
    void jsonlOpensAsCheckedLines();
    void largeFilesOpenWithoutStoppingTheWindow();
    void filesOpenWhereTheyBelong();
    void unsavedChangesAreNamed();
    void documentsOwnTheirFiles();
    void demoOverAnEditedSchemaAsks();
    void newWorkspaceStartsClean();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<conform::gui::MainWindow> m_window;
};
