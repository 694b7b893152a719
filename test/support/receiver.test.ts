import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { startReceiver } from "./receiver.js";

/** Sends one POST with exactly `body` (and a matching Content-Length), returning the status. */
const post = (url: string, body: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { "content-length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });

describe("test receiver", () => {
  it("refuses a request whose body is not JSON with a 400 and counts it as no call, instead of failing the run", async () => {
    const receiver = await startReceiver(() => 200);
    try {
      expect(await post(receiver.url, "")).toBe(400);
      expect(await post(receiver.url, '{"id_order":')).toBe(400);
      expect(await post(receiver.url, '{"id_order":"7"}')).toBe(200);
      expect(receiver.calls.map((call) => call.body)).toEqual([{ id_order: "7" }]);
      expect(receiver.refused).toEqual(["", '{"id_order":']);
    } finally {
      await receiver.close();
    }
  });
});
