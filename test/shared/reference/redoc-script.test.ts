import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REDOCLY_LOGO_URL, withoutThirdPartyRequests } from "../../../shared/reference/redoc-script.js";
import { referenceFiles } from "../../../shared/reference/reference-files.js";

describe("withoutThirdPartyRequests", () => {
  it("the installed Redoc names Redocly's CDN logo exactly once; served, it names no cdn.redoc.ly URL and is otherwise unchanged", () => {
    const installed = readFileSync(referenceFiles.redoc, "utf8");
    expect(installed.split(REDOCLY_LOGO_URL)).toHaveLength(2);
    const served = withoutThirdPartyRequests(installed);
    expect(served).not.toContain("cdn.redoc.ly");
    expect(served).toBe(installed.replace(REDOCLY_LOGO_URL, "data:,"));
  });
});
