import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { tableClient, tableName } from "../../shared/runtime/table.js";
import { installCommandRecorder, startRecording, stopRecording } from "./command-recorder.js";

describe("the command recorder", () => {
  it("keeps a command sent while recording that answers after the recording stopped", async () => {
    installCommandRecorder();
    startRecording();
    // A request can answer before one of its reads does (its transaction refused first); not awaited here.
    const late = tableClient().send(
      new GetCommand({ TableName: tableName(), Key: { PK: "RECORDER#none", SK: "RECORDER#none" } }),
    );
    const records = await stopRecording();
    await late;
    expect(records.map((record) => record.operation)).toEqual(["GetItem"]);
    expect(await stopRecording()).toEqual([]);
  });
});
