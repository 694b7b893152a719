import type { AboveMinimum } from "./minimum-check.js";
import { type CostPerMillion, lambdaGbSeconds } from "./prices.js";
import type { RequestTally } from "./request-rounds.js";

/**
 * The capacity part's two markdown tables, rendered from its results so docs/benchmarks.md shows what
 * a run measured and nothing typed by hand: what each endpoint sends to DynamoDB (requests, rounds
 * against the written minimum, capacity units, plan), and what a million such requests cost.
 */

/** What the tables read of one endpoint's result (the fields of the part's JSON results). */
export interface CapacityRow {
  readonly endpoint: string;
  readonly function: string;
  readonly dynamodb: Pick<RequestTally, "requests" | "rounds" | "read_units" | "write_units" | "plan">;
  /** Write units as DynamoDB bills them (transactions modelled); `dynamodb.write_units` is what Local said. */
  readonly write_units_billed: number;
  readonly minimum_rounds: number | undefined;
  readonly memory_mb: number;
  readonly handler: { readonly p50_ms: number };
  readonly cost_per_million: CostPerMillion;
}

const line = (cells: readonly (string | number)[]) => `| ${cells.join(" | ")} |`;
const table = (header: readonly string[], rows: readonly (readonly (string | number)[])[]) =>
  [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");

/** Rounds beside the minimum, in bold when above it. */
const roundsCell = (row: CapacityRow): string => {
  const { rounds } = row.dynamodb;
  const minimum = row.minimum_rounds;
  if (minimum === undefined) return `**${rounds}** (none)`;
  return rounds > minimum ? `**${rounds}** (${minimum})` : `${rounds} (${minimum})`;
};

/** Requests, rounds (minimum), RRU, WRU billed (Local) and the plan of each endpoint. */
export const renderCapacityTable = (rows: readonly CapacityRow[]): string =>
  table(
    ["Endpoint", "Function", "requests", "rounds (minimum)", "RRU", "WRU billed (Local)", "plan"],
    rows.map((row) => [
      row.endpoint,
      row.function,
      row.dynamodb.requests,
      roundsCell(row),
      row.dynamodb.read_units,
      `${row.write_units_billed} (${row.dynamodb.write_units})`,
      row.dynamodb.plan.join(" → "),
    ]),
  );

const dollars = (amount: number, digits: number) => amount.toFixed(digits);

/** Per endpoint: what one request uses, and the dollars a million of them cost by service. */
export const renderCostTable = (rows: readonly CapacityRow[]): string =>
  table(
    [
      "Endpoint",
      "requests",
      "rounds",
      "RRU",
      "WRU billed",
      "MB",
      "ms billed",
      "Lambda GB-s",
      "Lambda $",
      "API Gateway $",
      "DynamoDB $",
      "SQS $",
      "SES $",
      "total $",
    ],
    rows.map((row) => {
      const cost = row.cost_per_million;
      return [
        row.endpoint,
        row.dynamodb.requests,
        row.dynamodb.rounds,
        row.dynamodb.read_units,
        row.write_units_billed,
        row.memory_mb,
        Math.ceil(row.handler.p50_ms),
        Math.round(lambdaGbSeconds(row.memory_mb, row.handler.p50_ms) * 1e6).toLocaleString("en-US"),
        dollars(cost.lambda_requests + cost.lambda_duration, 3),
        dollars(cost.http_api, 2),
        dollars(cost.dynamodb_reads + cost.dynamodb_writes, 3),
        dollars(cost.sqs, 2),
        dollars(cost.ses, 2),
        `**${dollars(cost.total, 2)}**`,
      ];
    }),
  );

/** The line under the capacity table: the endpoints above their minimum and by how many rounds, or none. */
export const renderAboveMinimum = (above: readonly AboveMinimum[], measured: number): string => {
  if (above.length === 0) return `Every endpoint measured is at its minimum (${measured} of ${measured}).`;
  const each = above.map(({ endpoint, rounds, minimum }) =>
    minimum === undefined ? `${endpoint} (no minimum)` : `${endpoint} +${rounds - minimum}`,
  );
  return `Above the written minimum: ${above.length} of ${measured} endpoints (${each.join(", ")}).`;
};
