import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, CloudFormationValidatePlugin, type PolicyValidationPluginReport } from "aws-cdk-lib";
import { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../infra/cdk/app.js";
import { asJson, type Json } from "./template-view.js";
import { type Finding, pluginFindings } from "./validation-report.js";

// The template validator is aws-cdk-lib's built-in CloudFormation Validate plugin: AWS's offline
// @aws/cloudformation-validate (cfn-lint's rules and the CloudFormation resource provider schemas, as
// WebAssembly), which every synth runs, `cdk synth` and these tests alike. cdk.json makes its errors fail
// synth; here its warnings fail too, and broken templates prove it finds real mistakes.

const PLUGIN = CloudFormationValidatePlugin.PLUGIN_NAME;
const readRoot = (file: string): string => readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
const context = { "aws:cdk:bundling-stacks": [], "marketplace:senderIdentity": "example.com" };

interface Synthesized {
  readonly app: App;
  readonly stackName: string;
  readonly templatePath: string;
  readonly outdir: string;
}

const outdirs: string[] = [];
const scratch = mkdtempSync(join(tmpdir(), "template-validation-"));
afterAll(() => {
  for (const dir of [...outdirs, scratch]) rmSync(dir, { recursive: true, force: true });
});

const synthesizedStages = new Map<string | undefined, Synthesized>();

/** Synthesizes the app of one stage (`--context stage=…`; none is the default stage) once, into a fresh directory. */
const synthesize = (stage?: string): Synthesized => {
  const known = synthesizedStages.get(stage);
  if (known) return known;
  const outdir = mkdtempSync(join(tmpdir(), "template-validation-out-"));
  outdirs.push(outdir);
  const { app, stack } = buildApp(new App({ outdir, context: stage ? { ...context, stage } : context }));
  const artifact = app.synth().getStackArtifact(stack.artifactId);
  const synthesized = { app, stackName: artifact.stackName, templatePath: artifact.templateFullPath, outdir };
  synthesizedStages.set(stage, synthesized);
  return synthesized;
};

/**
 * The one acknowledged finding: the access-log bucket keeps ACLs, through which CloudFront standard logging
 * and S3 server access logging deliver (acknowledged by aws-cdk-lib and in nag-acknowledgements.ts).
 */
const acknowledged: Finding[] = [{ rule: "W3045", severity: "warning", logicalIds: ["AccessLogs8B620ECA"] }];

describe.each([
  { stage: undefined, stackName: "Marketplace" },
  { stage: "staging", stackName: "Marketplace-staging" },
])("CloudFormation Validate in the synth of $stackName", ({ stage, stackName }) => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synthesize(stage);
  });

  it("synth ran it on the stack, and it found nothing at warning level or above but the one acknowledged W3045", () => {
    expect(synthesized.stackName).toBe(stackName);
    expect(pluginFindings(synthesized.outdir, PLUGIN)).toEqual({
      conclusion: "success",
      violations: [],
      acknowledged,
    });
  });
});

describe("CloudFormation Validate finds real mistakes", () => {
  let synthesized: Synthesized;
  const plugin = new CloudFormationValidatePlugin();
  beforeAll(() => {
    synthesized = synthesize();
  });

  /** Validates a copy of the default stage's synthesized template, changed by `change`, as synth would. */
  const validateCopy = (name: string, change: (resources: Json) => void): PolicyValidationPluginReport => {
    const copy = join(scratch, `${name}.template.json`);
    copyFileSync(synthesized.templatePath, copy);
    const template = asJson(JSON.parse(readFileSync(copy, "utf8")), "template");
    change(asJson(template.Resources, "Resources"));
    writeFileSync(copy, JSON.stringify(template, null, 1));
    return plugin.validate({
      templatePaths: [copy],
      stackTemplates: [
        { stackConstructPath: "Marketplace", templatePath: copy, accountId: undefined, region: undefined },
      ],
      appConstruct: synthesized.app,
    });
  };
  const propertiesOf = (resources: Json, logicalId: string): Json =>
    asJson(asJson(resources[logicalId], logicalId).Properties, `${logicalId}.Properties`);
  /** `rule logicalId description` of each error-severity violation (synth fails on these), sorted. */
  const errors = (report: PolicyValidationPluginReport): string[] =>
    report.violations
      .filter((v) => v.severity === "error")
      .flatMap((v) =>
        v.violatingResources.map((r) => `${v.ruleName} ${r.resourceLogicalId} ${v.description}`),
      )
      .sort();

  it("with the project's cdk.json, as `cdk synth` and `cdk deploy` run, a misspelt property set through an escape hatch fails synth", () => {
    // cdk.json sets @aws-cdk/core:validateAgainstDefaultRules; without it CDK reports findings as warnings.
    const projectContext = asJson(asJson(JSON.parse(readRoot("cdk.json")), "cdk.json").context, "context");
    const outdir = join(scratch, "escape-hatch");
    const { app, stack } = buildApp(new App({ outdir, context: { ...projectContext, ...context } }));
    const authFunction = stack.node
      .findAll()
      .find(
        (c): c is CfnFunction =>
          c instanceof CfnFunction && c.node.path === "Marketplace/Api-v1-auth/Function/Resource",
      );
    authFunction?.addPropertyOverride("TimeOut", 30);
    expect(() => app.synth()).toThrow(/validation-report\.json/);
    expect(pluginFindings(outdir, PLUGIN)).toEqual({
      conclusion: "failure",
      violations: [{ rule: "F3002", severity: "error", logicalIds: ["Apiv1authFunction37F6923C"] }],
      acknowledged,
    });
  });

  it("the untouched copy has no error", () => {
    const report = validateCopy("untouched", () => {});
    expect(report.success).toBe(true);
    expect(errors(report)).toEqual([]);
  });

  it("a misspelt property, a wrong type, a missing required property and a reference to no resource are each an error that fails synth", () => {
    const report = validateCopy("broken", (resources) => {
      const auth = propertiesOf(resources, "Apiv1authFunction37F6923C");
      auth.TimeOut = auth.Timeout;
      delete auth.Timeout;
      auth.MemorySize = "lots";
      delete propertiesOf(resources, "MailerFunctionEB1F8359").Role;
      propertiesOf(resources, "WebhookSenderFunction25551EA0").Role = { "Fn::GetAtt": ["NoSuchRole", "Arn"] };
    });
    expect(report.success).toBe(false);
    expect(errors(report)).toEqual([
      "F1020 WebhookSenderFunction25551EA0 Fn::GetAtt references non-existent resource 'NoSuchRole'",
      "F3002 Apiv1authFunction37F6923C TimeOut: Additional properties are not allowed ('TimeOut' was unexpected. Did you mean 'Timeout'?)",
      "F3003 MailerFunctionEB1F8359 Properties: 'Role' is a required property",
      "F3012 Apiv1authFunction37F6923C MemorySize: 'lots' is not of type 'integer'",
    ]);
  });
});
