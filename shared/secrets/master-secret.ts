import { readSecretString } from "../aws/secrets-client.js";
import { optionalEnv } from "../config/environment.js";

/**
 * Loads the service's master secret once per process: from MASTER_SECRET (local stack and
 * tests) or from Secrets Manager via MASTER_SECRET_ARN (AWS). Every key the service uses is derived
 * from it, so rotating one secret rotates them all.
 */
let cached: Promise<Buffer> | undefined;

const load = async (): Promise<Buffer> => {
  const inline = optionalEnv("MASTER_SECRET");
  if (inline) return decode(inline, "MASTER_SECRET");
  const arn = optionalEnv("MASTER_SECRET_ARN");
  if (!arn) throw new Error("Missing required environment variable MASTER_SECRET_ARN (or MASTER_SECRET)");
  return decode(await readSecretString(arn), "MASTER_SECRET_ARN");
};

// The secret is opaque text (Secrets Manager generates 64 characters); HKDF stretches it into keys.
const decode = (value: string, source: string): Buffer => {
  const bytes = Buffer.from(value.trim(), "utf8");
  if (bytes.length < 32) throw new Error(`${source} must be at least 32 characters long`);
  return bytes;
};

/** The master secret, loaded on first use and cached for the life of the process. */
export const masterSecret = (): Promise<Buffer> => {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
};
