import { Duration, Stack } from "aws-cdk-lib";
import type { IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  type Alarm,
  AlarmStatusWidget,
  AlarmStatusWidgetSortBy,
  Dashboard,
  GraphWidget,
  type IMetric,
  type IWidget,
  MathExpression,
  type Metric,
  TextWidget,
} from "aws-cdk-lib/aws-cloudwatch";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Function as LambdaFunction } from "aws-cdk-lib/aws-lambda";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { DELIVERY_PATHS } from "../../../shared/observability/metric-names.js";
import type { MarketplaceFunction } from "../marketplace-function.js";
import { tableThrottledRequests } from "./operations-alarms.js";
import { SERVICE_GRAPH_PERIOD, type ServiceMetrics } from "./service-metrics.js";

/** A queue to graph, under the name the dashboard shows it by. */
export interface NamedQueue {
  readonly name: string;
  readonly queue: IQueue;
}

export interface OperationsDashboardProps {
  readonly httpApi: IHttpApi;
  /** Every function of the service: one line each in the Functions row. */
  readonly functions: readonly MarketplaceFunction[];
  readonly table: ITableV2;
  /** The work queues (webhooks, e-mails). */
  readonly queues: readonly NamedQueue[];
  readonly deadLetters: readonly NamedQueue[];
  /** Payments taken that paid nothing (the payment callback's log metric). */
  readonly refundsDue: IMetric;
  /** Every alarm, shown by state at the top. */
  readonly alarms: readonly Alarm[];
  /** The service's own metrics, in the stage's namespace. */
  readonly metrics: ServiceMetrics;
}

const period = Duration.minutes(5);
const FULL = 24;

/** A section heading across the dashboard. */
const heading = (markdown: string): TextWidget => new TextWidget({ markdown, width: FULL, height: 1 });

const graph = (title: string, left: readonly IMetric[], width: number, right: readonly IMetric[] = []) =>
  new GraphWidget({ title, left: [...left], right: [...right], width, height: 6 });

/**
 * Every series of an AWS/ApiGateway metric by route (the stage's detailed metrics), one line per route.
 * An HTTP API writes a route's metrics with the dimensions ApiId, Method, Resource and Stage (API
 * Gateway's "Monitor CloudWatch metrics for HTTP APIs"), not a Route dimension.
 */
const byRoute = (apiId: string, metricName: string, statistic: string): MathExpression =>
  new MathExpression({
    expression: `SEARCH('{AWS/ApiGateway,ApiId,Method,Resource,Stage} MetricName="${metricName}" ApiId="${apiId}"', '${statistic}', ${period.toSeconds()})`,
    usingMetrics: {},
    label: "",
    period,
  });

/** One metric per function, labelled with its construct id. */
const perFunction = (
  functions: readonly MarketplaceFunction[],
  metric: (fn: MarketplaceFunction) => Metric,
): Metric[] => functions.map((fn) => metric(fn).with({ label: fn.node.id }));

/** The API row: traffic, latency and errors overall, then by route. */
const apiRows = (api: IHttpApi): IWidget[][] => [
  [heading("## API (HTTP API, $default stage; by route from its detailed metrics)")],
  [
    graph("API requests", [api.metricCount({ period, statistic: "Sum", label: "Requests" })], 8),
    graph(
      "API latency (ms)",
      [
        api.metricLatency({ period, statistic: "p50", label: "Latency p50" }),
        api.metricLatency({ period, statistic: "p99", label: "Latency p99" }),
        api.metricIntegrationLatency({ period, statistic: "p99", label: "Integration latency p99" }),
      ],
      8,
    ),
    graph(
      "API errors",
      [
        api.metricClientError({ period, statistic: "Sum", label: "4xx" }),
        api.metricServerError({ period, statistic: "Sum", label: "5xx" }),
      ],
      8,
    ),
  ],
  [
    graph("Requests by route", [byRoute(api.apiId, "Count", "Sum")], 6),
    graph("Latency p99 by route (ms)", [byRoute(api.apiId, "Latency", "p99")], 6),
    graph("4xx by route", [byRoute(api.apiId, "4xx", "Sum")], 6),
    graph("5xx by route", [byRoute(api.apiId, "5xx", "Sum")], 6),
  ],
];

/** The Functions row: errors, throttles, p99 duration and concurrency, a line per function. */
const functionRows = (functions: readonly MarketplaceFunction[]): IWidget[][] => [
  [heading("## Functions (a line per function)")],
  [
    graph(
      "Function errors",
      perFunction(functions, (fn) => fn.function.metricErrors({ period, statistic: "Sum" })),
      12,
    ),
    graph(
      "Function throttles",
      perFunction(functions, (fn) => fn.function.metricThrottles({ period, statistic: "Sum" })),
      12,
    ),
  ],
  [
    graph(
      "Function duration p99 (ms)",
      perFunction(functions, (fn) => fn.function.metricDuration({ period, statistic: "p99" })),
      12,
    ),
    graph(
      "Function concurrent executions (max)",
      perFunction(functions, (fn) =>
        fn.function.metric("ConcurrentExecutions", { period, statistic: "Maximum" }),
      ),
      12,
      // What the account's concurrency limit (shared with anything else in the account) is measured against.
      [
        LambdaFunction.metricAllConcurrentExecutions({
          period,
          statistic: "Maximum",
          label: "Account, all functions",
        }),
      ],
    ),
  ],
];

/** The Table row: consumed capacity and throttling. */
const tableRows = (table: ITableV2): IWidget[][] => [
  [heading("## Table (DynamoDB, on demand)")],
  [
    graph(
      "Consumed capacity units",
      [
        table.metricConsumedReadCapacityUnits({ period, statistic: "Sum", label: "Read" }),
        table.metricConsumedWriteCapacityUnits({ period, statistic: "Sum", label: "Write" }),
      ],
      8,
    ),
    graph(
      "Throttle events",
      [
        table.metric("ReadThrottleEvents", { period, statistic: "Sum", label: "Read" }),
        table.metric("WriteThrottleEvents", { period, statistic: "Sum", label: "Write" }),
      ],
      8,
    ),
    graph(
      "Throttled requests by operation",
      [
        new MathExpression({
          expression: `SEARCH('{AWS/DynamoDB,Operation,TableName} MetricName="ThrottledRequests" TableName="${table.tableName}"', 'Sum', ${period.toSeconds()})`,
          usingMetrics: {},
          label: "",
          period,
        }),
      ],
      8,
      [tableThrottledRequests(table, period)],
    ),
  ],
];

/** The Queues row: depth and age of the oldest message, work queues and dead-letter queues apart. */
const queueRows = (queues: readonly NamedQueue[], deadLetters: readonly NamedQueue[]): IWidget[][] => {
  const visible = (q: NamedQueue) =>
    q.queue.metricApproximateNumberOfMessagesVisible({ period, statistic: "Maximum", label: q.name });
  const oldest = (q: NamedQueue) =>
    q.queue.metricApproximateAgeOfOldestMessage({ period, statistic: "Maximum", label: q.name });
  return [
    [heading("## Queues")],
    [
      graph("Work queues: messages waiting", queues.map(visible), 6),
      graph("Work queues: oldest message (s)", queues.map(oldest), 6),
      graph("Dead-letter queues: messages", deadLetters.map(visible), 6),
      graph("Dead-letter queues: oldest message (s)", deadLetters.map(oldest), 6),
    ],
  ];
};

/** The business row: the service's own metrics (shared/observability/metric-names.ts). */
const businessRows = (refundsDue: IMetric, metrics: ServiceMetrics): IWidget[][] => {
  const p = SERVICE_GRAPH_PERIOD;
  const { serviceMetric, deliveriesBy, refusalsByCode, webhookSuccessPercent } = metrics;
  return [
    [heading(`## Sales, payouts and webhooks (the service's own metrics, namespace ${metrics.namespace})`)],
    [
      graph(
        "Sales and payouts",
        [
          serviceMetric("ordersPaid", p, {}, "Orders paid"),
          serviceMetric("payoutsRequested", p, {}, "Payouts requested"),
        ],
        8,
      ),
      graph(
        "Deliveries by path",
        Object.values(DELIVERY_PATHS).map((path) => deliveriesBy(path, p)),
        8,
      ),
      graph(
        "Webhook attempts and failures",
        [
          serviceMetric("webhookAttempts", p, {}, "Attempts"),
          serviceMetric("webhookFailures", p, {}, "Failures"),
        ],
        8,
      ),
    ],
    [
      graph("Webhook success rate (%)", [webhookSuccessPercent(p)], 6),
      graph("Refusals by code", [refusalsByCode(p)], 6),
      graph(
        "Token exchanges refused",
        [serviceMetric("tokenExchangesRefused", p, {}, "Token exchanges refused")],
        6,
      ),
      graph(
        "Late payments and refunds due",
        [serviceMetric("latePayments", p, {}, "Late payments"), refundsDue],
        6,
      ),
    ],
  ];
};

/**
 * The operators' CloudWatch dashboard, `<stack>-operations`: alarms by state, then the API, the functions,
 * the table, the queues and the service's own metrics.
 */
export class OperationsDashboard {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, props: OperationsDashboardProps) {
    this.dashboard = new Dashboard(scope, "OperationsDashboard", {
      dashboardName: `${Stack.of(scope).stackName}-operations`,
      defaultInterval: Duration.hours(3),
    });
    const rows: IWidget[][] = [
      [
        new AlarmStatusWidget({
          title: "Alarms (firing first)",
          alarms: [...props.alarms],
          sortBy: AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
          width: FULL,
          height: 6,
        }),
      ],
      ...apiRows(props.httpApi),
      ...functionRows(props.functions),
      ...tableRows(props.table),
      ...queueRows(props.queues, props.deadLetters),
      ...businessRows(props.refundsDue, props.metrics),
    ];
    for (const row of rows) this.dashboard.addWidgets(...row);
  }
}
