import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handler } from "../../../functions/api-docs/handler.js";

const event = (routeKey: string): APIGatewayProxyEventV2 =>
  ({ routeKey, headers: {}, rawPath: routeKey.split(" ")[1] }) as unknown as APIGatewayProxyEventV2;

afterEach(() => {
  delete process.env.LAMBDA_TASK_ROOT;
  vi.restoreAllMocks();
});

describe("the api-docs handler", () => {
  it("answers a document missing from its bundle with 500 naming the file and what builds it, and logs it as an error", async () => {
    const emptyRoot = mkdtempSync(join(tmpdir(), "api-docs-"));
    process.env.LAMBDA_TASK_ROOT = emptyRoot;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await handler(event("GET /api/v1/openapi.json"), {} as Context);
      expect([response.statusCode, response.body]).toEqual([
        500,
        "docs/openapi/v1.json is missing: npm run openapi builds it",
      ]);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({
        level: "ERROR",
        message: "docs/openapi/v1.json is missing: npm run openapi builds it",
        route: "GET /api/v1/openapi.json",
      });
    } finally {
      rmSync(emptyRoot, { recursive: true, force: true });
    }
  });

  it("answers a route key that is not one of its routes with a plain 404", async () => {
    const response = await handler(event("GET /docs/other"), {} as Context);
    expect([response.statusCode, response.body]).toEqual([404, "Not found"]);
  });
});
