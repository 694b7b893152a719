import type { TemplateFunction } from "./cloud-assembly.js";

/**
 * What a function's process sees beside its template environment when the local stack runs its bundle:
 * the variables the Lambda runtime sets, and the local endpoint overrides. Nothing else of the host
 * process reaches it (bundle-host.ts gives the thread exactly these), so a variable the template forgot
 * is missing here as it would be in AWS.
 */

/** The region and account the local services use (fauxqs's account). */
export const LOCAL_REGION = "us-east-1";
export const LOCAL_ACCOUNT = "000000000000";

/**
 * The variables the Lambda runtime sets that the code or the SDK may read: region, credentials (the
 * local database's key), the function's name, version, memory and log names, its code folder and handler,
 * and its log format and level where the template sets them. Left out on purpose: AWS_EXECUTION_ENV
 * (with it, Powertools' tracer would send segments to an X-Ray daemon that is not here),
 * AWS_SESSION_TOKEN and _X_AMZN_TRACE_ID (no real credentials, no trace), and PATH, TZ and the like,
 * which the functions do not read.
 */
export const lambdaRuntimeEnvironment = (
  fn: TemplateFunction,
  credentials: { readonly accessKeyId: string; readonly secretAccessKey: string },
): Record<string, string> => ({
  AWS_REGION: LOCAL_REGION,
  AWS_DEFAULT_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  AWS_LAMBDA_FUNCTION_NAME: fn.logicalId,
  AWS_LAMBDA_FUNCTION_VERSION: "$LATEST",
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize ?? 128),
  AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.logicalId}`,
  AWS_LAMBDA_LOG_STREAM_NAME: "local",
  LAMBDA_TASK_ROOT: fn.codeDir,
  _HANDLER: fn.handler,
  ...(fn.logFormat ? { AWS_LAMBDA_LOG_FORMAT: fn.logFormat } : {}),
  ...(fn.applicationLogLevel ? { AWS_LAMBDA_LOG_LEVEL: fn.applicationLogLevel } : {}),
});

/** The local endpoints of the services a function may call. */
export interface LocalServiceEndpoints {
  readonly dynamodb: string;
  /** fauxqs: SQS and S3. */
  readonly fauxqs: string;
  /** Secrets Manager and SES, which no local emulator here serves. */
  readonly secretsAndMail: string;
}

/**
 * The local overrides every function gets: the SDK's own endpoint variables for the five services (an
 * endpoint grants nothing: which table, queue or secret a function may name is still its template's),
 * path-style S3 (fauxqs serves no bucket subdomains) and LOCAL_MODE, the one behavioural switch, because
 * the only webhook receiver a local run can reach listens on loopback, which the SSRF guard refuses
 * otherwise. A template that sets any of them is refused: the override would hide its value.
 */
export const localOverrides = (endpoints: LocalServiceEndpoints): Record<string, string> => ({
  AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
  AWS_ENDPOINT_URL_SQS: endpoints.fauxqs,
  AWS_ENDPOINT_URL_S3: endpoints.fauxqs,
  AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoints.secretsAndMail,
  AWS_ENDPOINT_URL_SES: endpoints.secretsAndMail,
  S3_FORCE_PATH_STYLE: "true",
  LOCAL_MODE: "true",
});
