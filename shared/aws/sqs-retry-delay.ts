import { ChangeMessageVisibilityCommand, SQSClient } from "@aws-sdk/client-sqs";
import { instrumented } from "./instrumented-client.js";

let client: SQSClient | undefined;

/** Hides a failed message for `seconds`, so its next attempt comes after that delay rather than at once. */
export const delayNextAttempt = async (
  queueUrl: string,
  receiptHandle: string,
  seconds: number,
): Promise<void> => {
  client ??= instrumented(new SQSClient({}));
  await client.send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: queueUrl,
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: seconds,
    }),
  );
};
