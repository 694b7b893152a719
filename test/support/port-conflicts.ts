/**
 * What a start that lost one of its ports says: the port-free check ("… port N is already in use"),
 * Node's EADDRINUSE (the gateway, fauxqs) or DynamoDB Local's "Address already in use". A port that was
 * free when `freePort` chose it can be taken before the service binds it: on a busy machine other
 * stacks and thousands of outgoing connections draw from the same ephemeral range.
 */
export const PORT_TAKEN = /already in use|EADDRINUSE/;

/** How many fresh sets of ports a start gets before a conflict is reported as a failure. */
export const PORT_ATTEMPTS = 5;

/**
 * Runs `start` with fresh ports until it does not fail for a port taken meanwhile (at most
 * PORT_ATTEMPTS times); any other failure is thrown at once.
 */
export const withFreshPorts = async <TPorts, TResult>(
  choose: () => Promise<TPorts>,
  start: (ports: TPorts) => Promise<TResult>,
): Promise<{ ports: TPorts; result: TResult }> => {
  for (let attempt = 1; ; attempt++) {
    const ports = await choose();
    try {
      return { ports, result: await start(ports) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= PORT_ATTEMPTS || !PORT_TAKEN.test(message)) throw error;
    }
  }
};
