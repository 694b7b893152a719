import { describe, expect, it } from "vitest";
import { clockTime, dateTime, dottedDate, isoDate } from "../../../shared/time/formats.js";

const at = new Date("2026-03-05T07:08:09.999Z");

describe("date formats are UTC and zero-padded", () => {
  it("YYYY-MM-DD", () => expect(isoDate(at)).toBe("2026-03-05"));
  it("HH:MM:SS", () => expect(clockTime(at)).toBe("07:08:09"));
  it("YYYY-MM-DD HH:MM:SS", () => expect(dateTime(at)).toBe("2026-03-05 07:08:09"));
  it("DD.MM.YYYY", () => expect(dottedDate(at)).toBe("05.03.2026"));
  it("a time late on the 31st in UTC stays on the 31st", () => {
    expect(dateTime(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-31 23:59:59");
  });
});
