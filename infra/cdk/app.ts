import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { MarketplaceStack } from "./marketplace-stack.js";
import { type MarketplaceStage, marketplaceStage, STAGE_CONTEXT_KEY } from "./stage.js";

const DESCRIPTION = "Digital-goods marketplace: Seller API v1, Reseller API v2, webhooks and buyer e-mail";

/** Builds one stage's stack in `app`, named and retained as its stage says. */
const buildStage = (app: App, stage: MarketplaceStage): MarketplaceStack => {
  const senderIdentity = app.node.tryGetContext("marketplace:senderIdentity") ?? "example.com";
  return new MarketplaceStack(app, stage.stackId, {
    // The default stage's description is the one deployed before stages existed.
    description: stage.isDefault ? DESCRIPTION : `${DESCRIPTION} (stage ${stage.name})`,
    senderIdentity: String(senderIdentity),
    stage,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
};

/** Builds the stacks of `stages` side by side in one app, checked by cdk-nag's AwsSolutions pack. */
export const buildStages = (app: App, stages: readonly MarketplaceStage[]): MarketplaceStack[] => {
  const stacks = stages.map((stage) => buildStage(app, stage));
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return stacks;
};

/** Builds the CDK app: the stack of the stage the context names (`--context stage=<name>`; default `prod`). */
export const buildApp = (app: App = new App()): { app: App; stack: MarketplaceStack } => {
  const [stack] = buildStages(app, [marketplaceStage(app.node.tryGetContext(STAGE_CONTEXT_KEY))]);
  if (!stack) throw new Error("the app built no stack");
  return { app, stack };
};

if (import.meta.url === `file://${process.argv[1]}`) buildApp();
