import { App, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { MarketplaceFunction } from "../../../infra/cdk/marketplace-function.js";

/** The environment of one MarketplaceFunction synthesized with the given CDK context (bundling skipped). */
const environmentWith = (context: Record<string, unknown>) => {
  const stack = new Stack(new App({ context: { "aws:cdk:bundling-stacks": [], ...context } }), "Fn");
  new MarketplaceFunction(stack, "Probe", {
    entry: "functions/v1-auth/handler.ts",
    description: "probe",
    environment: { TABLE_NAME: "t" },
    memorySize: 256,
  });
  const functions = Template.fromStack(stack).findResources("AWS::Lambda::Function");
  const [fn] = Object.values(functions) as {
    Properties: { Environment: { Variables: Record<string, string> } };
  }[];
  return fn?.Properties.Environment.Variables;
};

describe("MarketplaceFunction source maps", () => {
  it("does not load source maps at run time by default (they cost every cold start)", () => {
    expect(environmentWith({})).toEqual({ TABLE_NAME: "t" });
  });

  it("loads them when the deployment asks with -c sourceMaps=on", () => {
    expect(environmentWith({ sourceMaps: "on" })).toEqual({
      NODE_OPTIONS: "--enable-source-maps",
      TABLE_NAME: "t",
    });
  });
});
