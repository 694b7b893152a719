import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { instrumented } from "./instrumented-client.js";

/** Builds a document client; the endpoint comes from the SDK's own AWS_ENDPOINT_URL_DYNAMODB locally. */
export const createDocumentClient = (endpoint?: string): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(instrumented(new DynamoDBClient(endpoint ? { endpoint } : {})), {
    marshallOptions: { removeUndefinedValues: true },
  });
