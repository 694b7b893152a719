import { installCommandRecorder, startRecording, stopRecording } from "../bench/command-recorder.js";
import { roundsOf } from "../bench/request-rounds.js";

/**
 * What `call` sent to DynamoDB through the process's document client (the one every composition root's
 * repositories share), as sequential rounds: each round's operations in name order, joined by `+`
 * (`"GetItem+PutItem"`), since requests sent together have no order to assert.
 */
export const recordedRounds = async <T>(call: () => Promise<T>): Promise<{ result: T; rounds: string[] }> => {
  installCommandRecorder();
  startRecording();
  let result: T;
  let records: Awaited<ReturnType<typeof stopRecording>>;
  try {
    result = await call();
  } finally {
    records = await stopRecording();
  }
  const rounds = roundsOf(records).map((round) =>
    round
      .map((command) => command.operation)
      .sort()
      .join("+"),
  );
  return { result, rounds };
};
