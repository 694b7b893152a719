import { optionalEnv } from "../../shared/config/environment.js";
import {
  applyLocalEnvironment,
  type LocalStackConfig,
  localConfigFromEnv,
  localEndpoints,
} from "../local/local-environment.js";

/** Where the ops CLI works: the local stack (default) or a deployed stack (`OPS_TARGET=aws`). */
export interface OpsTarget {
  readonly kind: "local" | "aws";
  /** What to tell the operator when the data store cannot be reached. */
  readonly unreachableHint: string;
}

/** `NAME=value`, or `NAME unset` with what was used instead, for each variable that chose a setting. */
const settingsUsed = (
  env: NodeJS.ProcessEnv,
  names: readonly (readonly [name: string, fallback: string])[],
): string =>
  names
    .map(([name, fallback]) => {
      const value = optionalEnv(name, env);
      return value === undefined ? `${name} unset (${fallback})` : `${name}=${value}`;
    })
    .join(", ");

/**
 * The local hint names every variable that decides where the CLI looks, with the value it used: a
 * stack started with other ports or another state folder is the usual reason it is not found.
 */
const localUnreachableHint = (env: NodeJS.ProcessEnv, config: LocalStackConfig): string =>
  `cannot reach DynamoDB Local at ${localEndpoints(config).dynamodb}; is \`npm start\` running with the same settings? ` +
  `The CLI used ${settingsUsed(env, [
    ["DYNAMODB_LOCAL_PORT", String(config.dynamoPort)],
    ["FAUXQS_PORT", String(config.fauxqsPort)],
    ["PORT", String(config.port)],
    ["LOCAL_STATE_DIR", config.stateDir],
  ])}`;

/**
 * Points the CLI's services at the target, reading and writing `env` (the CLI's is `process.env`).
 * Locally: the same environment as `npm start`. In AWS: the operator's credentials plus TABLE_NAME and
 * MASTER_SECRET_ARN from the deployed stack's outputs.
 */
export const selectOpsTarget = (env: NodeJS.ProcessEnv): OpsTarget => {
  if (optionalEnv("OPS_TARGET", env) === "aws") {
    for (const name of ["TABLE_NAME", "MASTER_SECRET_ARN"]) {
      if (!optionalEnv(name, env)) throw new Error(`OPS_TARGET=aws needs ${name} (see the stack outputs)`);
    }
    // The services count what they do as EMF lines on stdout, which CloudWatch reads from a function's
    // log; on the operator's machine they would land in the command's own output (JSON, piped to jq).
    env.POWERTOOLS_METRICS_DISABLED ??= "true";
    return {
      kind: "aws",
      unreachableHint: `cannot reach DynamoDB in AWS; check your credentials and region. The CLI used ${settingsUsed(
        env,
        [
          ["AWS_REGION", "the profile's region"],
          ["AWS_PROFILE", "default credentials"],
          ["TABLE_NAME", ""],
        ],
      )}`,
    };
  }
  const config = localConfigFromEnv(env);
  applyLocalEnvironment(config, env);
  return { kind: "local", unreachableHint: localUnreachableHint(env, config) };
};
