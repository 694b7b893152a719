import { RemovalPolicy } from "aws-cdk-lib";
import { METRIC_NAMESPACE } from "../../shared/observability/metric-names.js";

/** The context key that names the stage: `cdk synth|deploy|diff|destroy --context stage=<name>`. */
export const STAGE_CONTEXT_KEY = "stage";

/** The stage deployed when no stage is named: the stack as it was first deployed, data retained. */
export const DEFAULT_STAGE_NAME = "prod";

/** The id (and CloudFormation name) of the default stage's stack; other stages append `-<stage>`. */
const STACK_ID = "Marketplace";

/**
 * Lowercase letters, digits and hyphens, starting with a letter, at most 32: the stage joins the stack
 * name, from which CloudFormation derives every physical name (bucket names are lowercase, so `Staging`
 * and `staging` would be two stacks whose buckets read alike).
 */
const STAGE_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** One deployment of the service side by side with others in an account and region. */
export interface MarketplaceStage {
  readonly name: string;
  /** The default stage keeps the first deployment's stack id, so none of its resources is renamed. */
  readonly isDefault: boolean;
  /** The stack's construct id and CloudFormation name: `Marketplace` or `Marketplace-<stage>`. */
  readonly stackId: string;
  /**
   * Whether the table and the buckets outlive the stack (retained, the table deletion-protected), or are
   * removed with it, the buckets' objects too: only the default stage holds data that must survive.
   */
  readonly retainsData: boolean;
  /**
   * The namespace of the service's own metrics: `Marketplace`, or `Marketplace-<stage>`, so a stage's
   * alarms and dashboard never read another stage's events in the same account.
   */
  readonly metricNamespace: string;
  /**
   * The functions' log level (POWERTOOLS_LOG_LEVEL) and the share of invocations that log at debug level
   * anyway (POWERTOOLS_LOGGER_SAMPLE_RATE): the default stage logs INFO and samples 1% of invocations at
   * DEBUG, to see a request's detail without paying for every one; any other stage, a copy to try things
   * in, logs DEBUG.
   */
  readonly logLevel: "INFO" | "DEBUG";
  readonly debugSampleRate: number;
}

/** The stage of that name; an absent name is the default stage; a malformed one throws, saying the rule. */
export const marketplaceStage = (name: unknown = DEFAULT_STAGE_NAME): MarketplaceStage => {
  if (typeof name !== "string" || !STAGE_NAME.test(name)) {
    throw new Error(
      `Invalid stage ${JSON.stringify(name)} (--context ${STAGE_CONTEXT_KEY}=…): use lowercase letters, digits and hyphens, starting with a letter, at most 32 characters, e.g. staging or dev-alice`,
    );
  }
  const isDefault = name === DEFAULT_STAGE_NAME;
  return {
    name,
    isDefault,
    stackId: isDefault ? STACK_ID : `${STACK_ID}-${name}`,
    retainsData: isDefault,
    metricNamespace: isDefault ? METRIC_NAMESPACE : `${METRIC_NAMESPACE}-${name}`,
    logLevel: isDefault ? "INFO" : "DEBUG",
    debugSampleRate: isDefault ? 0.01 : 0,
  };
};

/** The removal policy of the stage's stateful resources (table, buckets). */
export const dataRemovalPolicy = (stage: MarketplaceStage): RemovalPolicy =>
  stage.retainsData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

/**
 * A bucket's removal settings in the stage: retained, or deleted with the stack once emptied (CloudFormation
 * deletes only empty buckets; `autoDeleteObjects` adds the custom resource that empties it).
 */
export const bucketRemoval = (
  stage: MarketplaceStage,
): { readonly removalPolicy: RemovalPolicy; readonly autoDeleteObjects: boolean } => ({
  removalPolicy: dataRemovalPolicy(stage),
  autoDeleteObjects: !stage.retainsData,
});
