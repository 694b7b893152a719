import { BatchWriteCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it, vi } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { type ChatMessageRecord, newChatMessage } from "../../../shared/chat/chat-message.js";
import { createChatRepository } from "../../../shared/chat/chat-repository.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { newId } from "../../../shared/ids/ids.js";

/** The chat's DynamoDB store against DynamoDB Local: positions taken once, pages as key ranges. */

const store = (client = createDocumentClient()) => createChatRepository(client, requireEnv("TABLE_NAME"));

const AT = new Date("2026-03-05T07:08:09.123Z");
const message = (orderId: string, position: number, text = `m${position}`): ChatMessageRecord =>
  newChatMessage(orderId, "buyer", text, AT, position);

/** Appends messages one after another from position 1. */
const fill = async (chats: ReturnType<typeof store>, orderId: string, texts: string[]) => {
  for (const [i, text] of texts.entries())
    expect(await chats.append(message(orderId, i + 1, text))).toBe("appended");
};

describe("chat repository", () => {
  it("puts a message at a free position only, and reads the chat's length from its last message", async () => {
    const chats = store();
    const orderId = newId();
    expect(await chats.length(orderId)).toBe(0);
    expect(await chats.append(message(orderId, 1, "first"))).toBe("appended");
    expect(await chats.append(message(orderId, 1, "second"))).toBe("taken");
    expect(await chats.length(orderId)).toBe(1);
    expect(await chats.append(message(orderId, 2, "second"))).toBe("appended");
    expect(await chats.length(orderId)).toBe(2);
    expect((await chats.range(orderId, 1, 10, "buyer")).map((m) => m.message)).toStrictEqual([
      "first",
      "second",
    ]);
  });

  it("lets exactly one of 20 writers racing for the same position take it", async () => {
    const chats = store();
    const orderId = newId();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => chats.append(message(orderId, 1, `racer ${i}`))),
    );
    expect(outcomes.filter((o) => o === "appended")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "taken")).toHaveLength(19);
    expect(await chats.range(orderId, 1, 5, "buyer")).toHaveLength(1);
  });

  it("reads a range of positions, oldest first, only of its own chat", async () => {
    const chats = store();
    const orderId = newId();
    await fill(chats, orderId, ["a", "b", "c", "d"]);
    await fill(chats, newId(), ["another chat"]);
    expect((await chats.range(orderId, 2, 3, "buyer")).map((m) => m.message)).toStrictEqual(["b", "c"]);
    expect(await chats.range(orderId, 5, 10, "buyer")).toStrictEqual([]);
  });

  it("a deep page costs what it returns: page 10 of 100 on a chat of 1,000 reads 100 messages in one Query", async () => {
    const client = createDocumentClient();
    const chats = store(client);
    const orderId = newId();
    // Written as the appends would leave them, 25 items a request.
    const items = [
      ...Array.from({ length: 1000 }, (_, i) => ({
        ...keys.chatMessage(orderId, i + 1),
        entity: "chat_message",
        ...message(orderId, i + 1),
      })),
    ];
    for (let i = 0; i < items.length; i += 25) {
      const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      const result = await client.send(
        new BatchWriteCommand({ RequestItems: { [requireEnv("TABLE_NAME")]: batch } }),
      );
      expect(result.UnprocessedItems?.[requireEnv("TABLE_NAME")] ?? []).toStrictEqual([]);
    }
    expect(await chats.length(orderId)).toBe(1000);
    const send = vi.spyOn(client, "send");
    const page = await chats.range(orderId, 901, 1000, "buyer");
    const queries = send.mock.calls.filter(([command]) => command instanceof QueryCommand);
    expect(queries).toHaveLength(1);
    const results = await Promise.all(send.mock.results.map((r) => r.value));
    expect(results.map((r: { ScannedCount?: number }) => r.ScannedCount)).toStrictEqual([100]);
    expect(page.map((m) => m.position)).toStrictEqual(Array.from({ length: 100 }, (_, i) => 901 + i));
  });

  it("a page past the first megabyte of the longest messages is whole", async () => {
    const client = createDocumentClient();
    const chats = store(client);
    const orderId = newId();
    // 140 messages of 2000 four-byte characters: about 1.1 MB, more than one Query returns.
    const longest = "😀".repeat(2000);
    for (let i = 0; i < 140; i++) await chats.append(message(orderId, i + 1, longest));
    const page = await chats.range(orderId, 1, 140, "buyer");
    expect(page.map((m) => m.position)).toStrictEqual(Array.from({ length: 140 }, (_, i) => i + 1));
    expect(page.every((m) => m.message === longest)).toBe(true);
  });

  it("leaves buyer-only messages out of the seller's view", async () => {
    const chats = store();
    const orderId = newId();
    expect(await chats.append({ ...message(orderId, 1, "Gift code: X"), audience: "buyer" })).toBe(
      "appended",
    );
    expect(await chats.append(message(orderId, 2, "hello"))).toBe("appended");
    expect((await chats.range(orderId, 1, 2, "seller")).map((m) => m.message)).toStrictEqual(["hello"]);
    expect((await chats.range(orderId, 1, 2, "buyer")).map((m) => m.message)).toStrictEqual([
      "Gift code: X",
      "hello",
    ]);
  });
});
