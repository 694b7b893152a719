import { App, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { expect } from "vitest";
import type { EndpointGroup } from "../../../shared/http/routes.js";
import deployed from "./logical-resources.json" with { type: "json" };

// Narrow a synthesized template without `any`: shared by the stack test and the construct tests.

export type Json = Record<string, unknown>;

export interface Resource {
  readonly logicalId: string;
  readonly type: string;
  readonly properties: Json;
  /** DeletionPolicy and UpdateReplacePolicy (`Retain`, `Delete`, `Snapshot`), when set. */
  readonly deletionPolicy?: string;
  readonly updateReplacePolicy?: string;
}

export interface Statement {
  readonly effect: string;
  readonly actions: string[];
  readonly resources: unknown[];
  /** The statement's Condition, only when it has one. */
  readonly condition?: unknown;
}

/**
 * The statement Lambda's active tracing adds to every function's role: X-Ray's two write actions, which
 * take no resource but "*" (the one "*" a function role holds).
 */
export const tracingStatement: Statement = {
  effect: "Allow",
  actions: ["xray:PutTraceSegments", "xray:PutTelemetryRecords"],
  resources: ["*"],
};

export const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const asJson = (value: unknown, what: string): Json => {
  if (!isJson(value)) throw new Error(`${what} is not an object: ${JSON.stringify(value)}`);
  return value;
};

export const asArray = (value: unknown, what: string): unknown[] => {
  if (!Array.isArray(value)) throw new Error(`${what} is not an array: ${JSON.stringify(value)}`);
  return value;
};

export const asString = (value: unknown, what: string): string => {
  if (typeof value !== "string") throw new Error(`${what} is not a string: ${JSON.stringify(value)}`);
  return value;
};

/**
 * `logicalId → Type` of every resource of the stack as deployed before it was split into constructs
 * (generated from that template). A logical id that changes makes CloudFormation replace the resource:
 * the table and buckets would lose their data. Add a line for a new resource; never rename one.
 */
export const deployedLogicalResources: Readonly<Record<string, string>> = deployed;

/**
 * An empty stack to build one construct in, without bundling any function. It carries the deployed stack's
 * name because some generated logical ids embed it (event source mappings, the schedule's invoke permission).
 */
export const bareStack = (): Stack =>
  new Stack(new App({ context: { "aws:cdk:bundling-stacks": [] } }), "Marketplace");

/** The resources `stack` has beyond those of `dependencies` (a stack holding only what it was built from). */
export const ownResources = (stack: Stack, dependencies?: Stack): TemplateView => {
  const view = new TemplateView(Template.fromStack(stack));
  if (!dependencies) return view;
  const theirs = new Set(
    new TemplateView(Template.fromStack(dependencies)).resources.map((r) => r.logicalId),
  );
  return view.without(theirs);
};

/** The logical-id part of an API Gateway endpoint group's construct id: `v1-auth` → `Apiv1auth`. */
export const constructIdOf = (group: EndpointGroup): string => `Api${group.replaceAll("-", "")}`;

/** IAM allows a single value or a list wherever it allows a list. */
export const toList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The logical id of `{ "Ref": id }`. */
export const refId = (value: unknown, what: string): string =>
  asString(asJson(value, what).Ref, `${what}.Ref`);

/** The logical id of `{ "Fn::GetAtt": [id, attribute] }`, checking the attribute. */
export const getAttId = (value: unknown, attribute: string, what: string): string => {
  const [id, attr] = asArray(asJson(value, what)["Fn::GetAtt"], `${what}.Fn::GetAtt`);
  expect(attr, `${what} attribute`).toBe(attribute);
  return asString(id, `${what}.Fn::GetAtt[0]`);
};

const toStatement = (value: unknown): Statement => {
  const statement = asJson(value, "policy statement");
  return {
    effect: asString(statement.Effect, "Effect"),
    actions: toList(statement.Action).map((a) => asString(a, "Action")),
    resources: toList(statement.Resource),
    ...(statement.Condition === undefined ? {} : { condition: statement.Condition }),
  };
};

/** A synthesized template's resources, by type, by logical id and by the MarketplaceFunction owning them. */
export class TemplateView {
  readonly resources: readonly Resource[];

  constructor(source: Template | readonly Resource[]) {
    if (!(source instanceof Template)) {
      this.resources = source;
      return;
    }
    const json: unknown = source.toJSON();
    const resources = asJson(asJson(json, "template").Resources, "Resources");
    this.resources = Object.entries(resources).map(([logicalId, value]) => {
      const resource = asJson(value, logicalId);
      return {
        logicalId,
        type: asString(resource.Type, `${logicalId}.Type`),
        properties: isJson(resource.Properties) ? resource.Properties : {},
        ...(typeof resource.DeletionPolicy === "string" ? { deletionPolicy: resource.DeletionPolicy } : {}),
        ...(typeof resource.UpdateReplacePolicy === "string"
          ? { updateReplacePolicy: resource.UpdateReplacePolicy }
          : {}),
      };
    });
  }

  /** This view without the resources whose logical ids are in `ids`. */
  without(ids: ReadonlySet<string>): TemplateView {
    return new TemplateView(this.resources.filter((r) => !ids.has(r.logicalId)));
  }

  /** Every resource as `logicalId → Type`, sorted by logical id. */
  logicalTypes(): Record<string, string> {
    return Object.fromEntries(
      this.resources
        .map((r) => [r.logicalId, r.type] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  }

  /** How many resources of each type, sorted by type. */
  typeCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { type } of this.resources) counts[type] = (counts[type] ?? 0) + 1;
    return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  ofType(type: string): Resource[] {
    return this.resources.filter((r) => r.type === type);
  }

  /** The one resource of a type whose logical id contains `idPart`; fails on none or several. */
  findOne(type: string, idPart: string): Resource {
    const matches = this.ofType(type).filter((r) => r.logicalId.includes(idPart));
    if (matches.length !== 1) {
      throw new Error(
        `Expected one ${type} with "${idPart}" in its logical id, found ${JSON.stringify(matches.map((m) => m.logicalId))}`,
      );
    }
    const [match] = matches;
    if (!match) throw new Error("unreachable");
    return match;
  }

  byId(logicalId: string): Resource {
    const match = this.resources.find((r) => r.logicalId === logicalId);
    if (!match) throw new Error(`No resource ${logicalId}`);
    return match;
  }

  /** The Lambda function of a MarketplaceFunction construct (its logical id starts `<constructId>Function`). */
  functionOf(constructId: string): Resource {
    return this.findOne("AWS::Lambda::Function", `${constructId}Function`);
  }

  roleOf(constructId: string): Resource {
    return this.findOne("AWS::IAM::Role", `${constructId}Role`);
  }

  /** Every statement that applies to a function's role: inline policies and attached (managed) policies. */
  statementsOf(constructId: string): Statement[] {
    const role = this.roleOf(constructId);
    const documents: unknown[] = [];
    for (const inline of toList(role.properties.Policies ?? [])) {
      documents.push(asJson(inline, "inline policy").PolicyDocument);
    }
    for (const policy of [...this.ofType("AWS::IAM::Policy"), ...this.ofType("AWS::IAM::ManagedPolicy")]) {
      const roles = toList(policy.properties.Roles ?? []);
      if (roles.some((r) => isJson(r) && r.Ref === role.logicalId))
        documents.push(policy.properties.PolicyDocument);
    }
    return documents.flatMap((document) =>
      asArray(asJson(document, "policy document").Statement, "Statement").map(toStatement),
    );
  }

  /** Sorted, distinct actions a function's role allows. */
  allowedActions(constructId: string): string[] {
    return [
      ...new Set(
        this.statementsOf(constructId)
          .filter((s) => s.effect === "Allow")
          .flatMap((s) => s.actions),
      ),
    ].sort();
  }

  /** Environment variables of a function, as template values. */
  environmentOf(constructId: string): Json {
    return asJson(
      asJson(this.functionOf(constructId).properties.Environment, "Environment").Variables,
      "Environment.Variables",
    );
  }

  /** The function logical id an API Gateway route's integration invokes. */
  functionBehindRoute(routeKey: string): string {
    const matches = this.ofType("AWS::ApiGatewayV2::Route").filter((r) => r.properties.RouteKey === routeKey);
    expect(matches, `routes with key ${routeKey}`).toHaveLength(1);
    const [route] = matches;
    if (!route) throw new Error("unreachable");
    // Target: { "Fn::Join": ["", ["integrations/", { Ref: <integration> }]] }
    const join = asArray(asJson(route.properties.Target, "Target")["Fn::Join"], "Target.Fn::Join");
    const parts = asArray(join[1], "Target.Fn::Join[1]");
    expect(parts[0]).toBe("integrations/");
    const integration = this.byId(refId(parts[1], "Target integration"));
    expect(integration.type).toBe("AWS::ApiGatewayV2::Integration");
    expect(integration.properties.IntegrationType).toBe("AWS_PROXY");
    const functionId = getAttId(integration.properties.IntegrationUri, "Arn", "IntegrationUri");
    expect(this.byId(functionId).type).toBe("AWS::Lambda::Function");
    return functionId;
  }
}
