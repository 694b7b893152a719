import { startReceiver } from "./receiver.js";

let shared: Awaited<ReturnType<typeof startReceiver>> | undefined;

/**
 * A webhook receiver on 127.0.0.1 that accepts every call (200) and never delivers, shared by a test
 * file's buying tests; stack-env.ts closes it after each file.
 */
export const acceptingReceiver = async () => {
  shared ??= await startReceiver(() => 200);
  return shared;
};

/** Closes the file's accepting receiver, if one was started. */
export const closeAcceptingReceiver = async (): Promise<void> => {
  const receiver = shared;
  shared = undefined;
  await receiver?.close();
};
