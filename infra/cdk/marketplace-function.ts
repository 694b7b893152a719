import { Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
import { Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Architecture, LoggingFormat, Runtime, Tracing } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";

export interface MarketplaceFunctionProps {
  /** Entry file, relative to the project root, e.g. `functions/v1-auth/handler.ts`. */
  readonly entry: string;
  readonly description: string;
  readonly environment: Record<string, string>;
  readonly timeout?: Duration;
  /** Chosen per function in capacity-plan.ts, from the measurements in docs/benchmarks.md. */
  readonly memorySize: number;
  /** Files the code reads at run time, relative to the project root: copied into the bundle at the same path. */
  readonly files?: readonly string[];
}

/** Shell commands that copy each file from the project into the bundle, keeping its relative path. */
const copyCommands = (files: readonly string[], inputDir: string, outputDir: string): string[] =>
  files.map((file) => {
    const target = JSON.stringify(`${outputDir}/${file}`);
    return `mkdir -p "$(dirname ${target})" && cp ${JSON.stringify(`${inputDir}/${file}`)} ${target}`;
  });

/**
 * One Lambda with the project's defaults: Node.js 24 on arm64, ESM bundle built locally by esbuild
 * (no Docker), minified, with source maps built but loaded only on request (context `sourceMaps=on`),
 * logs (the Powertools logger's JSON lines) into an explicit log group with a retention, X-Ray tracing on.
 */
export class MarketplaceFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: MarketplaceFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, "Logs", {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An own role that may write only to this function's log group, instead of the broad managed policy.
    this.role = new Role(this, "Role", {
      assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
      description: `Execution role of ${props.description}`,
    });
    this.logGroup.grantWrite(this.role);
    // Active tracing grants xray:PutTraceSegments and PutTelemetryRecords, which take no resource but "*".
    // Every role's statements are pinned one by one in the stack tests, so this finding hides no other "*".
    Validations.of(this.role).acknowledge({
      id: "AwsSolutions-IAM5[Resource::*]",
      reason:
        "X-Ray's PutTraceSegments and PutTelemetryRecords, which Lambda's active tracing grants, support no resource-level permission: the only resource they take is *.",
    });
    this.function = new NodejsFunction(this, "Function", {
      role: this.role,
      entry: props.entry,
      handler: "handler",
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup: this.logGroup,
      // Text, not Lambda's JSON format: the Powertools logger writes JSON lines itself, and Lambda's JSON
      // format would impose its own application log level (INFO unless set), which the logger must adopt,
      // so no stage could log DEBUG by POWERTOOLS_LOG_LEVEL and the default stage's sampled DEBUG lines
      // would be dropped by Lambda.
      loggingFormat: LoggingFormat.TEXT,
      // X-Ray: Lambda records each invocation; the Powertools tracer adds its AWS calls and HTTP requests.
      tracing: Tracing.ACTIVE,
      // Source maps are built (for reading a stack trace later) but loading them costs every cold start
      // tens of milliseconds, so Node applies them only when a deployment asks: `cdk deploy -c sourceMaps=on`.
      environment: {
        ...(this.node.tryGetContext("sourceMaps") === "on" ? { NODE_OPTIONS: "--enable-source-maps" } : {}),
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: "node24",
        minify: true,
        sourceMap: true,
        // The map points into the sources without carrying them: a smaller zip, the same stack traces.
        sourcesContent: false,
        mainFields: ["module", "main"],
        // Bundled CommonJS dependencies may call require(); ESM output needs it defined.
        banner:
          "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        // The SDK is bundled so Lambda runs the exact versions the tests ran, not the runtime's copy.
        externalModules: [],
        ...(props.files?.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) =>
                  copyCommands(props.files ?? [], inputDir, outputDir),
              },
            }
          : {}),
      },
    });
  }
}
