/** Reads a required environment variable, failing fast at start-up with a message that names it. */
export const requireEnv = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === "") {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
};

/** Reads an optional environment variable (of `env`, the process's by default); empty counts as unset. */
export const optionalEnv = (name: string, env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
};
