import { join } from "node:path";
import { build, type Metafile } from "esbuild";

/**
 * How a function is bundled for Lambda and what its bundle may weigh: shared by the cold-start bench
 * (which also times imports) and the bundle test of `npm test` (bytes and clients, which are
 * deterministic). Budget: bytes ≤ a baseline bundle that only creates the clients the function needs
 * (and, since #24, the Powertools logger, metrics and tracer every function carries: `observabilityBaseline`),
 * plus 155 KB. (150 KB until #23: the route table and the table keys, which every function carries
 * whole, grew with the webhook contract's four routes and its attempt key, and the product list's query
 * schema became a declared validator; together 730 bytes more in v1-products, the heaviest group. 152 KB
 * until #24: the glue every function now carries for its logs and metrics (the `observed` middleware,
 * the metric names and the sink the error envelope counts refusals through), 2.1 KB in v1-products.)
 */
export const BYTES_BUDGET = 155 * 1024;

// Same options as infra/cdk/marketplace-function.ts, so the bytes are the deployed ones.
/** Bundles an entry exactly as CDK does for a function; returns esbuild's metafile. */
export const bundle = async (entry: string, outfile: string): Promise<Metafile> => {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    minify: true,
    mainFields: ["module", "main"],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: "error",
    // Baseline entries live in a temporary folder; they resolve the SDK from this project.
    nodePaths: [join(process.cwd(), "node_modules")],
  });
  return result.metafile;
};

/**
 * What every function carries for its logs, metrics and traces since #24, so part of every baseline as
 * the clients are: Powertools' Logger with its Lambda-context middleware, Metrics, and the Tracer with
 * its handler middleware (with the X-Ray SDK it wraps, about 125 KB of the 160). The budget measures our
 * own code over the libraries a function must carry; what the libraries cost is in docs/decisions.md.
 */
export const observabilityBaseline = [
  'import { Logger } from "@aws-lambda-powertools/logger";',
  'import { injectLambdaContext } from "@aws-lambda-powertools/logger/middleware";',
  'import { Metrics } from "@aws-lambda-powertools/metrics";',
  'import { Tracer } from "@aws-lambda-powertools/tracer";',
  'import { captureLambdaHandler } from "@aws-lambda-powertools/tracer/middleware";',
  "export const powertoolsLogger = new Logger();",
  "export const powertoolsContext = injectLambdaContext(powertoolsLogger);",
  "export const powertoolsMetrics = new Metrics();",
  "export const powertoolsTracer = new Tracer();",
  "export const powertoolsTrace = captureLambdaHandler(powertoolsTracer);",
].join("\n");

/** The source of a function's baseline bundle: its observability and the clients it needs. */
export const baselineSource = (needs: readonly string[]): string =>
  [observabilityBaseline, ...needs.map((name) => clients[name])].join("\n");

/** The SDK clients a bundle pulls in, and the line that creates each in the baseline. */
export const clients: Record<string, string> = {
  "client-dynamodb":
    'import { DynamoDBClient } from "@aws-sdk/client-dynamodb"; import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb"; export const d = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
  "client-s3": 'import { S3Client } from "@aws-sdk/client-s3"; export const s = new S3Client({});',
  "client-sqs": 'import { SQSClient } from "@aws-sdk/client-sqs"; export const q = new SQSClient({});',
  "client-ses": 'import { SESClient } from "@aws-sdk/client-ses"; export const e = new SESClient({});',
  "client-secrets-manager":
    'import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager"; export const m = new SecretsManagerClient({});',
};

/**
 * The clients each function needs for its own work (the budget's baseline), as opposed to those its
 * bundle happens to carry: every API group reads the table and the master secret; image groups write to
 * S3; the mailer reads the table and the master secret (it opens a key product's codes for the buyer's
 * e-mail) and sends with SES and SQS (malformed jobs to its dead-letter queue); the webhook sender and the
 * outbox forwarder use SQS.
 */
const API = ["client-dynamodb", "client-secrets-manager"];
const needs: Record<string, string[]> = {
  "catalogue-indexer": ["client-dynamodb"],
  mailer: ["client-dynamodb", "client-secrets-manager", "client-ses", "client-sqs"],
  maintenance: ["client-dynamodb"],
  outbox: ["client-sqs"],
  payments: API,
  "v1-products": [...API, "client-s3"],
  "v1-seller": [...API, "client-s3"],
  webhooks: [...API, "client-sqs"],
};
/** The clients a function needs for its own work. */
export const needed = (fn: string): string[] => needs[fn] ?? API;

/** The SDK clients a bundle carries: those with bytes in its output. */
export const clientsIn = (metafile: Metafile): string[] => {
  // Inputs tree-shaken to nothing are listed too; only bytes in the output mean the bundle carries it.
  const inputs = Object.values(metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path),
  );
  return Object.keys(clients).filter((name) =>
    inputs.some((input) => input.includes(`node_modules/@aws-sdk/${name}/`)),
  );
};
