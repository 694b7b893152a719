import { type DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { masterSecret } from "../../shared/runtime/master-secret.js";
import { deriveKeys } from "../../shared/secrets/derived-keys.js";
import { open } from "../../shared/secrets/sealed-box.js";

/**
 * The delivery tokens of paid orders, opened from their webhook outbox items as the webhook sender
 * opens them (the stream is off in the benches, so the items are still in the table). One scan for
 * all orders: the benches' tables are small, and the service itself never scans.
 */
export const deliveryTokens = async (
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<Map<string, string>> => {
  const key = deriveKeys(await masterSecret()).dataEncryption;
  const tokens = new Map<string, string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: "entity = :outbox AND #type = :paid",
        ExpressionAttributeNames: { "#type": "type" },
        ExpressionAttributeValues: { ":outbox": "outbox", ":paid": "payment_confirmed" },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      tokens.set(String(item.order_id), open(key, String(item.token_sealed)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return tokens;
};
