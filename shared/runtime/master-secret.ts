import { configuredSecret } from "./configured-secret.js";

/**
 * The service's master secret (MASTER_SECRET, or MASTER_SECRET_ARN in AWS). Every key the service uses
 * is derived from it, so rotating one secret rotates them all.
 */
export const masterSecret = configuredSecret("MASTER_SECRET");
