import { optionalEnv } from "../../shared/config/environment.js";
import { applyLocalEnvironment, localConfigFromEnv, localEndpoints } from "../local/local-environment.js";

/** Where the ops CLI works: the local stack (default) or a deployed stack (`OPS_TARGET=aws`). */
export interface OpsTarget {
  readonly kind: "local" | "aws";
  /** What to tell the operator when the data store cannot be reached. */
  readonly unreachableHint: string;
}

/**
 * Points the CLI's services at the target. Locally: the same environment as `npm start`. In AWS: the
 * operator's credentials plus TABLE_NAME and MASTER_SECRET_ARN from the deployed stack's outputs.
 */
export const selectOpsTarget = (): OpsTarget => {
  if (optionalEnv("OPS_TARGET") === "aws") {
    for (const name of ["TABLE_NAME", "MASTER_SECRET_ARN"]) {
      if (!optionalEnv(name)) throw new Error(`OPS_TARGET=aws needs ${name} (see the stack outputs)`);
    }
    return { kind: "aws", unreachableHint: "check your AWS credentials and region" };
  }
  const config = localConfigFromEnv();
  applyLocalEnvironment(config);
  return {
    kind: "local",
    unreachableHint: `cannot reach DynamoDB Local at ${localEndpoints(config).dynamodb}; is \`npm start\` running?`,
  };
};
