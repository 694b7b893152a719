import { writeFileSync } from "node:fs";
import { App } from "aws-cdk-lib";
import { buildApp } from "../../../infra/cdk/app.js";

/** The CDK context the IAM check synthesizes with: no bundling (the code is not what it reads), the stack's defaults. */
const CONTEXT = { "aws:cdk:bundling-stacks": [] };

/**
 * Synthesizes the default stage's template as `cdk synth` builds it (`buildApp`, cdk-nag included), without
 * CDK's built-in template validation, which the cdk project's tests run, and writes it to `file` as JSON.
 */
export const synthesizeTemplate = (file: string): void => {
  const { app, stack } = buildApp(new App({ context: CONTEXT, builtinCloudFormationValidation: false }));
  writeFileSync(file, JSON.stringify(app.synth().getStackArtifact(stack.artifactId).template));
};

// Run as a program by the stack run's global setup, beside the stacks' start (template-synthesis.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [file] = process.argv.slice(2);
  if (!file) throw new Error("usage: synthesize-template.ts <template.json>");
  synthesizeTemplate(file);
}
