import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it, vi } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import type { ChatMessageRecord } from "../../../shared/chat/chat-message.js";
import { createChatRepository } from "../../../shared/chat/chat-repository.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { newId } from "../../../shared/ids/ids.js";

/** The chat's DynamoDB store against DynamoDB Local: the conditional put and paging past one Query's 1 MB. */

const store = () => createChatRepository(createDocumentClient(), requireEnv("TABLE_NAME"));

const message = (orderId: string, messageId: number, text: string): ChatMessageRecord => ({
  message_id: messageId,
  order_id: orderId,
  type_user: "buyer",
  message: text,
  created_at: new Date(Math.floor(messageId / 1000)).toISOString(),
});

const BASE_ID = 1_772_694_489_123_000;

describe("chat repository", () => {
  it("refuses a second message with an id its chat already holds and keeps the first; another chat may use the id", async () => {
    const chats = store();
    const orderId = newId();
    expect(await chats.add(message(orderId, BASE_ID, "first"))).toBe(true);
    expect(await chats.add(message(orderId, BASE_ID, "second"))).toBe(false);
    expect(await chats.add(message(newId(), BASE_ID, "elsewhere"))).toBe(true);
    expect(await chats.page(orderId, 0, 10, "buyer")).toStrictEqual([message(orderId, BASE_ID, "first")]);
  });

  it("reads oldest first and only the chat's own messages", async () => {
    const chats = store();
    const orderId = newId();
    for (const id of [BASE_ID + 3, BASE_ID + 1, BASE_ID + 2]) await chats.add(message(orderId, id, `m${id}`));
    await chats.add(message(newId(), BASE_ID, "another chat"));
    expect((await chats.page(orderId, 0, 10, "buyer")).map((m) => m.message_id)).toStrictEqual([
      BASE_ID + 1,
      BASE_ID + 2,
      BASE_ID + 3,
    ]);
    expect((await chats.page(orderId, 1, 1, "buyer")).map((m) => m.message_id)).toStrictEqual([BASE_ID + 2]);
    expect(await chats.page(orderId, 3, 10, "buyer")).toStrictEqual([]);
  });

  it("a page beyond the first megabyte of a chat of the longest messages is still full", async () => {
    const client = createDocumentClient();
    const chats = createChatRepository(client, requireEnv("TABLE_NAME"));
    const orderId = newId();
    // 140 messages of 2000 four-byte characters: about 1.1 MB, more than one Query returns.
    const longest = "😀".repeat(2000);
    const ids = Array.from({ length: 140 }, (_, i) => BASE_ID + i);
    for (let i = 0; i < ids.length; i += 20) {
      await Promise.all(ids.slice(i, i + 20).map((id) => chats.add(message(orderId, id, longest))));
    }
    const send = vi.spyOn(client, "send");
    const page = await chats.page(orderId, 120, 20, "buyer");
    // One Query stops at 1 MB, so reaching messages 120–139 takes a second one.
    expect(send.mock.calls.filter(([command]) => command instanceof QueryCommand)).toHaveLength(2);
    expect(page.map((m) => m.message_id)).toStrictEqual(ids.slice(120, 140));
    expect(page.every((m) => m.message === longest)).toBe(true);
    expect((await chats.page(orderId, 100, 100, "buyer")).map((m) => m.message_id)).toStrictEqual(
      ids.slice(100),
    );
  });
});
