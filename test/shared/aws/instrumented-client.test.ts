import { SQSClient } from "@aws-sdk/client-sqs";
import { describe, expect, it, vi } from "vitest";
import { instrumented } from "../../../shared/aws/instrumented-client.js";

// As in Lambda, where the tracer is on (outside Lambda it leaves clients as they are).
vi.stubEnv("AWS_EXECUTION_ENV", "AWS_Lambda_nodejs24.x");
vi.stubEnv("AWS_XRAY_CONTEXT_MISSING", "IGNORE_ERROR");

/** The names of the middleware on a client's stack. */
const middlewareOf = (client: SQSClient): string[] =>
  client.middlewareStack.identify().map((entry) => entry.split(" ")[0] ?? "");

describe("an instrumented client", () => {
  it("in Lambda, sends its calls through X-Ray's subsegment middleware", () => {
    expect(middlewareOf(new SQSClient({ region: "eu-central-1" }))).not.toContain("XRaySDKInstrumentation");
    expect(middlewareOf(instrumented(new SQSClient({ region: "eu-central-1" })))).toContain(
      "XRaySDKInstrumentation",
    );
  });
});
