#pragma once
// The suite report (report.h) as JUnit XML, which CI systems read: one <testsuite> for the
// suite, one <testcase> per case x target (classname "SUITE.CASE", name the target, time the
// runs' wall time). A cell that did not pass carries a <failure> whose message is its first
// problem and whose text names the capture (`conform-cli captures show ID`); a cell that
// never ran (budget spent, cancelled) is <skipped/>.
#include "base/json.h"

#include <string>

namespace conform::suite {

// `report` is what SuiteReport::toJson() wrote; `timestampIso` the start of the run.
std::string junitXml(const Json& report, const std::string& timestampIso);

} // namespace conform::suite
