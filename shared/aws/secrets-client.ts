import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { instrumented } from "./instrumented-client.js";

/** Reads a secret's string value from Secrets Manager. */
export const readSecretString = async (secretId: string): Promise<string> => {
  const client = instrumented(new SecretsManagerClient({}));
  const result = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!result.SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return result.SecretString;
};
