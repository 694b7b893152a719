import { readSecretString } from "../aws/secrets-client.js";
import { optionalEnv } from "../config/environment.js";

/**
 * A secret loaded once per process: from the variable `name` (local stack and tests) or from Secrets
 * Manager through `${name}_ARN` (AWS). It must be at least 32 characters; every use treats it as bytes.
 */
export const configuredSecret = (name: string): (() => Promise<Buffer>) => {
  let cached: Promise<Buffer> | undefined;
  const load = async () => {
    const inline = optionalEnv(name);
    const value = inline ?? (await readSecretString(requireArn(name)));
    const bytes = Buffer.from(value.trim(), "utf8");
    if (bytes.length < 32) throw new Error(`${name} must be at least 32 characters long`);
    return bytes;
  };
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
};

const requireArn = (name: string): string => {
  const arn = optionalEnv(`${name}_ARN`);
  if (!arn) throw new Error(`Missing required environment variable ${name}_ARN (or ${name})`);
  return arn;
};
