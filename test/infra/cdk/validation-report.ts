import { readFileSync } from "node:fs";
import { join } from "node:path";
import { asArray, asJson, asString } from "./template-view.js";

// Reading a validation plugin's findings in the report synth writes into its output directory, without `any`.

/** One finding: its rule, its severity, and the logical ids of the resources it names. */
export interface Finding {
  readonly rule: string;
  readonly severity: string;
  readonly logicalIds: readonly string[];
}

/** What one plugin concluded on a synth, with its open and its acknowledged findings. */
export interface PluginFindings {
  readonly conclusion: string;
  readonly violations: readonly Finding[];
  readonly acknowledged: readonly Finding[];
}

const findingsOf = (list: unknown, what: string): Finding[] =>
  asArray(list ?? [], what).map((v) => {
    const violation = asJson(v, what);
    return {
      rule: asString(violation.ruleName, `${what}.ruleName`),
      severity: asString(violation.severity, `${what}.severity`),
      logicalIds: asArray(violation.violatingConstructs, `${what}.violatingConstructs`).map((c) =>
        asString(
          asJson(asJson(c, "violating construct").cloudFormationResource, "cloudFormationResource").logicalId,
          "logicalId",
        ),
      ),
    };
  });

/**
 * The findings of the plugin `name` in `<outdir>/validation-report.json`, which synth writes whenever
 * plugins ran. A plugin with nothing to report, open or acknowledged, is left out of it: a success.
 */
export const pluginFindings = (outdir: string, name: string): PluginFindings => {
  const report: unknown = JSON.parse(readFileSync(join(outdir, "validation-report.json"), "utf8"));
  const plugins = asArray(asJson(report, "report").pluginReports, "pluginReports");
  const found = plugins.map((p) => asJson(p, "plugin report")).find((p) => p.pluginName === name);
  if (!found) return { conclusion: "success", violations: [], acknowledged: [] };
  return {
    conclusion: asString(found.conclusion, "conclusion"),
    violations: findingsOf(found.violations, "violations"),
    acknowledged: findingsOf(found.suppressedViolations, "suppressedViolations"),
  };
};
