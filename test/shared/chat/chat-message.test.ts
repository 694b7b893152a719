import { describe, expect, it } from "vitest";
import { chatMessageId, chatMessageView, newChatMessage } from "../../../shared/chat/chat-message.js";
import { keys } from "../../../shared/data/table-keys.js";

const at = new Date("2026-03-05T07:08:09.123Z");

describe("chat message ids", () => {
  it("are the millisecond time × 1000 plus the position modulo 1000", () => {
    expect(chatMessageId(at, 1)).toBe(at.getTime() * 1000 + 1);
    expect(chatMessageId(at, 999)).toBe(at.getTime() * 1000 + 999);
    expect(chatMessageId(at, 1000)).toBe(at.getTime() * 1000);
    expect(chatMessageId(at, 1041)).toBe(at.getTime() * 1000 + 41);
  });

  it("of a later millisecond are always greater, whatever the position", () => {
    expect(chatMessageId(new Date(at.getTime() + 1), 1000)).toBeGreaterThan(chatMessageId(at, 999));
  });

  it("stay exact integers (safe in JSON) for centuries", () => {
    expect(Number.isSafeInteger(chatMessageId(new Date("2200-01-01T00:00:00Z"), 999))).toBe(true);
  });
});

describe("chat message keys", () => {
  it("sort by position, so a page is one key range and a chat reads oldest first", () => {
    const positions = [1, 2, 9, 10, 99, 100, 999, 1000, 1041];
    const sortKeys = positions.map((position) => keys.chatMessage("ORDER", position).SK);
    expect([...sortKeys].sort()).toEqual(sortKeys);
    expect(sortKeys[0]).toBe("CHAT#000001");
  });

  it("a new message carries its position and the id made of its time and position", () => {
    expect(newChatMessage("01ARZ3NDEKTSV4RRFFQ69G5FAV", "buyer", "hi", at, 7)).toStrictEqual({
      message_id: at.getTime() * 1000 + 7,
      order_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
      position: 7,
      type_user: "buyer",
      message: "hi",
      created_at: at.toISOString(),
    });
  });
});

describe("chatMessageView", () => {
  it("shows the spec's fields (id, type_user, message, data_create, time_create) plus message_id and from, in UTC", () => {
    const view = chatMessageView({
      message_id: 1_772_694_489_123_042,
      order_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
      position: 42,
      type_user: "seller",
      message: "  <b>kept</b>\n",
      created_at: "2026-03-05T07:08:09.123Z",
    });
    expect(view).toStrictEqual({
      id: 1_772_694_489_123_042,
      message_id: 1_772_694_489_123_042,
      type_user: "seller",
      from: "seller",
      message: "  <b>kept</b>\n",
      data_create: "2026-03-05",
      time_create: "07:08:09",
    });
  });
});
