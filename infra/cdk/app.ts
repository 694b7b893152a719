import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { MarketplaceStack } from "./marketplace-stack.js";

/** Builds the CDK app: the marketplace stack checked by cdk-nag's AwsSolutions pack. */
export const buildApp = (app: App = new App()): { app: App; stack: MarketplaceStack } => {
  const senderIdentity = app.node.tryGetContext("marketplace:senderIdentity") ?? "example.com";
  const stack = new MarketplaceStack(app, "Marketplace", {
    description: "Digital-goods marketplace: Seller API v1, Reseller API v2, webhooks and buyer e-mail",
    senderIdentity: String(senderIdentity),
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { app, stack };
};

if (import.meta.url === `file://${process.argv[1]}`) buildApp();
