import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { keys } from "./table-keys.js";

/** The value a counter has reached (0 before its first use), without moving it. */
export const currentCounterValue = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  counter: string,
): Promise<number> => {
  const result = await client.send(
    new GetCommand({ TableName: tableName, Key: keys.counter(counter), ConsistentRead: true }),
  );
  return Number(result.Item?.value ?? 0);
};

/** The next value of an atomic counter kept in the table (1, 2, 3, …). */
export const nextCounterValue = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  counter: string,
): Promise<number> => {
  const result = await client.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.counter(counter),
      UpdateExpression: "ADD #value :one",
      ExpressionAttributeNames: { "#value": "value" },
      ExpressionAttributeValues: { ":one": 1 },
      ReturnValues: "UPDATED_NEW",
    }),
  );
  const value = result.Attributes?.value;
  if (typeof value !== "number") throw new Error(`Counter ${counter} returned no number`);
  return value;
};
