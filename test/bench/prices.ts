/**
 * What a request costs on AWS, from what the benches measure: public on-demand prices (us-east-1), and
 * the arithmetic from one request's consumed capacity, duration and messages to dollars per million.
 */
export const PRICES = {
  region: "us-east-1",
  as_of: "2026-11-23",
  /** Lambda on arm64: per GB-second of duration, and per million requests. */
  lambda_arm64_per_gb_second: 0.0000133334,
  lambda_per_million_requests: 0.2,
  /** API Gateway HTTP API, per million requests (the first 300 million a month). */
  http_api_per_million: 1.0,
  /** DynamoDB on-demand, per million write / read request units (the prices since November 2024). */
  dynamodb_per_million_wru: 0.625,
  dynamodb_per_million_rru: 0.125,
  /** SQS standard queues, per million requests. */
  sqs_per_million_requests: 0.4,
  /** SES, per 1,000 e-mails. */
  ses_per_thousand_emails: 0.1,
} as const;

/** The prices, said once wherever costs are printed. */
export const PRICES_NOTE = `${PRICES.region} public prices as of ${PRICES.as_of}`;

/** What one request uses, as measured. */
export interface RequestUsage {
  /** The function's configured memory (MB). */
  readonly memoryMb: number;
  /** The handler's duration (ms); Lambda bills it rounded up to the next whole millisecond. */
  readonly durationMs: number;
  /** DynamoDB read and write request units (on-demand: what ConsumedCapacity reports). */
  readonly readUnits: number;
  readonly writeUnits: number;
  /** SQS requests the request leads to (send, receive and delete per message). */
  readonly sqsRequests: number;
  /** E-mails the request leads to. */
  readonly emails: number;
}

/** Dollars per million such requests, by service, and in total; each rounded to millionths of a dollar. */
export interface CostPerMillion {
  readonly lambda_requests: number;
  readonly lambda_duration: number;
  readonly http_api: number;
  readonly dynamodb_reads: number;
  readonly dynamodb_writes: number;
  readonly sqs: number;
  readonly ses: number;
  readonly total: number;
}

const micro = (dollars: number) => Math.round(dollars * 1e6) / 1e6;

/** GB-seconds Lambda bills for one invocation: memory in GB × the duration rounded up to a whole millisecond. */
export const lambdaGbSeconds = (memoryMb: number, durationMs: number): number =>
  (memoryMb / 1024) * (Math.ceil(durationMs) / 1000);

/** Dollars per million requests that each use what `usage` says. */
export const costPerMillion = (usage: RequestUsage): CostPerMillion => {
  const parts = {
    lambda_requests: PRICES.lambda_per_million_requests,
    lambda_duration:
      lambdaGbSeconds(usage.memoryMb, usage.durationMs) * PRICES.lambda_arm64_per_gb_second * 1e6,
    http_api: PRICES.http_api_per_million,
    dynamodb_reads: usage.readUnits * PRICES.dynamodb_per_million_rru,
    dynamodb_writes: usage.writeUnits * PRICES.dynamodb_per_million_wru,
    sqs: usage.sqsRequests * PRICES.sqs_per_million_requests,
    ses: (usage.emails * 1e6 * PRICES.ses_per_thousand_emails) / 1000,
  };
  const total = Object.values(parts).reduce((sum, dollars) => sum + dollars, 0);
  return {
    lambda_requests: micro(parts.lambda_requests),
    lambda_duration: micro(parts.lambda_duration),
    http_api: micro(parts.http_api),
    dynamodb_reads: micro(parts.dynamodb_reads),
    dynamodb_writes: micro(parts.dynamodb_writes),
    sqs: micro(parts.sqs),
    ses: micro(parts.ses),
    total: micro(total),
  };
};
