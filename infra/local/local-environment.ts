import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { LOCAL_TABLE_NAME } from "../../shared/data/table-schema.js";

/**
 * The local stack's settings, from the same environment for `npm start`, the ops CLI and tests:
 * PORT (3000), DYNAMODB_LOCAL_PORT (8000), FAUXQS_PORT (4566), LOCAL_STATE (`memory` keeps no data);
 * DYNAMODB_LOCAL_EXTERNAL=true and DYNAMODB_LOCAL_DATABASE for a stack on a DynamoDB Local started
 * elsewhere, as the test run's stacks share one.
 */
export interface LocalStackConfig {
  readonly host: string;
  readonly port: number;
  readonly dynamoPort: number;
  readonly fauxqsPort: number;
  /** Folder holding the master secret, and data unless `persist` is false. */
  readonly stateDir: string;
  readonly persist: boolean;
  readonly tableName: string;
  /**
   * The access key the stack's clients send ("local"). A DynamoDB Local started with one database per
   * key (the test run's) keeps each stack's table apart by it; one started by `npm start` ignores it.
   */
  readonly dynamoDatabase: string;
  /** A DynamoDB Local already runs on dynamoPort (DYNAMODB_LOCAL_EXTERNAL=true): the stack starts none. */
  readonly dynamoExternal: boolean;
  readonly imageBucket: string;
  readonly queues: LocalQueueNames;
  /** How often the local stand-in for the maintenance schedule runs. */
  readonly maintenanceIntervalMs: number;
}

export interface LocalQueueNames {
  readonly webhooks: string;
  readonly webhooksDeadLetter: string;
  readonly emails: string;
  readonly emailsDeadLetter: string;
}

const REGION = "us-east-1";

const port = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return value;
};

/**
 * Every variable `localConfigFromEnv` reads: a process that starts a stack of its own (a test of
 * `npm start`) leaves out whatever of them it inherited from another stack's settings.
 */
export const LOCAL_STACK_SETTINGS = [
  "PORT",
  "DYNAMODB_LOCAL_PORT",
  "DYNAMODB_LOCAL_EXTERNAL",
  "DYNAMODB_LOCAL_DATABASE",
  "FAUXQS_PORT",
  "LOCAL_STATE",
  "LOCAL_STATE_DIR",
] as const;

/** DynamoDB Local names a database's file after its access key: letters and digits only. */
const DATABASE_NAME = /^[A-Za-z0-9]{1,64}$/;

const dynamoDatabase = (env: NodeJS.ProcessEnv): string => {
  const raw = env.DYNAMODB_LOCAL_DATABASE;
  if (raw === undefined || raw === "") return "local";
  if (!DATABASE_NAME.test(raw))
    throw new Error(`DYNAMODB_LOCAL_DATABASE must be 1-64 letters or digits, got "${raw}"`);
  return raw;
};

const dynamoExternal = (env: NodeJS.ProcessEnv): boolean => {
  const raw = env.DYNAMODB_LOCAL_EXTERNAL ?? "";
  if (raw !== "" && raw !== "true" && raw !== "false")
    throw new Error(`DYNAMODB_LOCAL_EXTERNAL must be "true" or "false", got "${raw}"`);
  return raw === "true";
};

/** Reads the local stack's settings from the environment, with the documented defaults. */
export const localConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): LocalStackConfig => {
  const state = env.LOCAL_STATE ?? "";
  if (state !== "" && state !== "memory" && state !== "disk") {
    throw new Error(`LOCAL_STATE must be "memory" or "disk", got "${state}"`);
  }
  return {
    host: "127.0.0.1",
    port: port(env, "PORT", 3000),
    dynamoPort: port(env, "DYNAMODB_LOCAL_PORT", 8000),
    fauxqsPort: port(env, "FAUXQS_PORT", 4566),
    stateDir: resolve(env.LOCAL_STATE_DIR ?? ".local"),
    persist: state !== "memory",
    tableName: LOCAL_TABLE_NAME,
    dynamoDatabase: dynamoDatabase(env),
    dynamoExternal: dynamoExternal(env),
    imageBucket: "marketplace-images",
    maintenanceIntervalMs: 5000,
    queues: {
      webhooks: "marketplace-webhooks",
      webhooksDeadLetter: "marketplace-webhooks-dlq",
      emails: "marketplace-emails",
      emailsDeadLetter: "marketplace-emails-dlq",
    },
  };
};

/**
 * The state folder, readable by its owner alone (0700): it holds the master secret, the table's file
 * and the mail outbox with delivered keys. Tightened also when an older version made it 0755.
 */
export const privateStateDir = (config: LocalStackConfig): string => {
  mkdirSync(config.stateDir, { recursive: true, mode: 0o700 });
  chmodSync(config.stateDir, 0o700);
  return config.stateDir;
};

/** A local secret, created once in the state folder so the stack, the ops CLI and tests agree on it. */
export const localSecret = (config: LocalStackConfig, name: string): string => {
  const file = join(privateStateDir(config), name);
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  return readFileSync(file, "utf8").trim();
};

/** The credentials every local client sends; DynamoDB Local reads the key as its database's name. */
export const localCredentials = (config: LocalStackConfig) => ({
  accessKeyId: config.dynamoDatabase,
  secretAccessKey: "local",
});

/** Endpoint URLs of the local services. */
export const localEndpoints = (config: LocalStackConfig) => ({
  dynamodb: `http://${config.host}:${config.dynamoPort}`,
  fauxqs: `http://${config.host}:${config.fauxqsPort}`,
  gateway: `http://${config.host}:${config.port}`,
});

/** The base URL of the local image bucket's objects (PUBLIC_IMAGE_BASE_URL): fauxqs serves them path-style. */
export const localImageBaseUrl = (config: LocalStackConfig): string =>
  `${localEndpoints(config).fauxqs}/${config.imageBucket}`;

/**
 * Points this process's handlers at the local services (`env` is `process.env` unless a caller keeps
 * its own copy). Handlers read only these variables, the same names the CDK stack sets in AWS, so
 * nothing in `functions/` knows where it runs.
 */
export const applyLocalEnvironment = (
  config: LocalStackConfig,
  env: NodeJS.ProcessEnv = process.env,
): void => {
  const endpoints = localEndpoints(config);
  Object.assign(env, {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: config.dynamoDatabase,
    AWS_SECRET_ACCESS_KEY: "local",
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_SQS: endpoints.fauxqs,
    AWS_ENDPOINT_URL_S3: endpoints.fauxqs,
    S3_FORCE_PATH_STYLE: "true",
    TABLE_NAME: config.tableName,
    IMAGE_BUCKET: config.imageBucket,
    PUBLIC_IMAGE_BASE_URL: localImageBaseUrl(config),
    WEBHOOK_QUEUE_URL: `${endpoints.fauxqs}/000000000000/${config.queues.webhooks}`,
    EMAIL_QUEUE_URL: `${endpoints.fauxqs}/000000000000/${config.queues.emails}`,
    WEBHOOK_DLQ_URL: `${endpoints.fauxqs}/000000000000/${config.queues.webhooksDeadLetter}`,
    EMAIL_DLQ_URL: `${endpoints.fauxqs}/000000000000/${config.queues.emailsDeadLetter}`,
    PUBLIC_BASE_URL: endpoints.gateway,
    MASTER_SECRET: localSecret(config, "master-secret"),
    PAYMENT_CALLBACK_SECRET: localSecret(config, "payment-callback-secret"),
    MAIL_OUTBOX_FILE: join(config.stateDir, "mail-outbox.jsonl"),
    LOCAL_MODE: "true",
    // Powertools' development mode: log lines through the global console, indented for a terminal, and
    // no EMF metric lines (nothing reads them here).
    POWERTOOLS_DEV: "true",
  });
};
