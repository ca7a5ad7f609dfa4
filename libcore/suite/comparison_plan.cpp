// Comparisons made in memory (comparison_file.h): the workbench's Compare view puts variants
// together from the draft, the store's history and comparison files, then runs them as a
// comparison file would run.
#include "suite/comparison_file.h"

#include "schema/schema.h"

#include <set>

namespace conform::suite {

Result<SuiteCase> caseOfSpec(const std::string& name, const engine::RunSpec& spec)
{
    SuiteCase c;
    c.name = name;
    c.schema = spec.schema;
    c.validator = spec.validator;
    if (!c.validator) {
        auto compiled = schema::Validator::compile(spec.schema);
        if (!compiled)
            return Error{"the schema does not compile: " + compiled.error().toString(), "schema"};
        c.validator = std::make_shared<const schema::Validator>(std::move(compiled.value()));
    }
    c.prompt = spec.prompt;
    c.policy = spec.policy;
    return c;
}

std::vector<VariantCases> variantsOfPlan(const ComparisonPlan& plan)
{
    std::vector<VariantCases> out;
    for (const std::string& name : plan.variants)
        out.push_back({name, {}});
    for (const SuiteCase& c : plan.suite.cases) {
        for (VariantCases& variant : out) {
            if (variant.name != c.variant)
                continue;
            SuiteCase copy = c;
            const std::string prefix = variant.name + "/";
            if (copy.name.rfind(prefix, 0) == 0)
                copy.name.erase(0, prefix.size());
            variant.cases.push_back(std::move(copy));
            break;
        }
    }
    return out;
}

Result<ComparisonPlan> comparisonOf(const std::string& name, const std::vector<VariantCases>& variants, std::vector<SuiteTarget> targets,
                                    int repeat, const engine::Policy& policy, const std::string& baseline, int concurrency)
{
    if (variants.empty())
        return Error{"a comparison needs variants", "/variants"};
    if (targets.empty())
        return Error{"a comparison needs a target", "/targets"};
    if (variants.size() < 2 && targets.size() < 2)
        return Error{"a comparison needs two variants, or one variant and two targets", "/variants"};
    if (repeat < 1)
        return Error{"must be at least 1", "/repeat"};
    ComparisonPlan plan;
    plan.suite.name = name;
    plan.suite.repeat = repeat;
    plan.suite.concurrency = std::max(1, concurrency);
    plan.suite.policy = policy;
    std::set<std::string> targetNames;
    for (SuiteTarget& target : targets) {
        if (target.name.empty())
            target.name = defaultTargetName(target.target);
        if (!targetNames.insert(target.name).second)
            return Error{"the target name '" + target.name + "' is taken", "/targets"};
    }
    plan.suite.targets = std::move(targets);
    std::set<std::string> variantNames;
    for (const VariantCases& variant : variants) {
        if (variant.name.empty())
            return Error{"a variant needs a name", "/variants"};
        if (!variantNames.insert(variant.name).second)
            return Error{"the variant name '" + variant.name + "' is taken", "/variants"};
        if (variant.cases.empty())
            return Error{"the variant '" + variant.name + "' has no case", "/variants"};
        for (const SuiteCase& c : variant.cases) {
            SuiteCase copy = c;
            copy.name = variant.name + "/" + c.name;
            copy.variant = variant.name;
            plan.suite.cases.push_back(std::move(copy));
        }
        plan.variants.push_back(variant.name);
    }
    if (!baseline.empty() && !variantNames.count(baseline) && !(variants.size() < 2 && targetNames.count(baseline)))
        return Error{"the baseline '" + baseline + "' is not a variant", "/baseline"};
    plan.baseline = baseline;
    if (auto planned = checkPlannedRuns(plan.suite); !planned)
        return planned.error();
    return plan;
}

} // namespace conform::suite
