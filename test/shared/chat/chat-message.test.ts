import { describe, expect, it } from "vitest";
import { chatMessageView, newChatMessageId } from "../../../shared/chat/chat-message.js";
import { keys } from "../../../shared/data/table-keys.js";

const bytes = (...values: number[]): Buffer => Buffer.from(values);
const at = new Date("2026-03-05T07:08:09.123Z");

describe("chat message ids", () => {
  it("are the millisecond time × 1000 plus the two random bytes modulo 1000", () => {
    expect(newChatMessageId(at, bytes(0x01, 0x02))).toBe(at.getTime() * 1000 + 258);
    expect(newChatMessageId(at, bytes(0xff, 0xff))).toBe(at.getTime() * 1000 + 535);
    expect(newChatMessageId(at, bytes(0, 0))).toBe(at.getTime() * 1000);
  });

  it("of a later millisecond are always greater, whatever the random part", () => {
    const later = new Date(at.getTime() + 1);
    expect(newChatMessageId(later, bytes(0, 0))).toBeGreaterThan(newChatMessageId(at, bytes(0x03, 0xe7)));
  });

  it("stay exact integers (safe in JSON) for centuries", () => {
    expect(Number.isSafeInteger(newChatMessageId(new Date("2200-01-01T00:00:00Z"), bytes(0xff, 0xff)))).toBe(
      true,
    );
  });

  it("sort in their table keys as they sort as numbers, so a chat reads oldest first", () => {
    const ids = [
      newChatMessageId(new Date("2001-09-09T01:46:40.000Z"), bytes(0, 5)),
      newChatMessageId(at, bytes(0, 1)),
      newChatMessageId(at, bytes(0, 2)),
      newChatMessageId(new Date("2100-01-01T00:00:00.000Z"), bytes(0, 0)),
    ];
    const sortKeys = ids.map((id) => keys.chatMessage("ORDER", id).SK);
    expect([...sortKeys].sort()).toEqual(sortKeys);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe("chatMessageView", () => {
  it("shows the spec's fields (id, type_user, message, data_create, time_create) plus message_id and from, in UTC", () => {
    const view = chatMessageView({
      message_id: 1_772_694_489_123_042,
      order_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
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
