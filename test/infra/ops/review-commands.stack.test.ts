import { beforeAll, describe, expect, it } from "vitest";
import { call, type ReviewWorld, reviewWorld, talliesOf } from "../../shared/reviews/review-world.js";
import { PUBLISHING_TIMEOUT } from "../../support/catalogue.js";
import { runOps, usageError } from "../../support/ops-cli.js";

interface PrintedReview {
  review_id: string;
  product_id: string;
  order_id: string;
  reseller_id: number;
  seller_id: number;
  rating: number;
  text: string;
  status: string;
  reason?: string;
  created_at: string;
  updated_at: string;
  version: number;
}

const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

/** Runs a command that must succeed and parses what it printed. */
const ops = async <T>(args: string[]): Promise<T> => {
  const result = await runOps(args);
  if (result.code !== 0) throw new Error(`ops ${args.join(" ")}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
};

const failure = async (args: string[]) => {
  const { code, stdout, stderr } = await runOps(args);
  return { code, stdout, stderr };
};

describe("ops CLI: review list, approve, reject", { timeout: PUBLISHING_TIMEOUT }, () => {
  let world: ReviewWorld;
  let posted: { review_id: string; created_at: string };

  beforeAll(async () => {
    world = await reviewWorld();
    const response = await call("POST", "/api/v2/reviews", world.reseller.v2, {
      order_id: world.orderId,
      rating: 4,
      text: "Good",
    });
    posted = (response.body as { data: { review_id: string; created_at: string } }).data;
  }, PUBLISHING_TIMEOUT);

  const stored = (changes: Partial<PrintedReview> = {}): PrintedReview => ({
    review_id: posted.review_id,
    product_id: world.product.id,
    order_id: world.orderId,
    reseller_id: world.reseller.id,
    seller_id: world.seller.id,
    rating: 4,
    text: "Good",
    status: "pending",
    created_at: posted.created_at,
    updated_at: posted.created_at,
    version: 1,
    ...changes,
  });

  it("review list shows the pending queue by default, newest first, with the review as stored", async () => {
    const pending = await ops<PrintedReview[]>(["review", "list"]);
    expect(pending.find((r) => r.review_id === posted.review_id)).toStrictEqual(stored());
    expect(pending.length).toBeLessThanOrEqual(100);
    const times = pending.map((r) => r.updated_at);
    expect(times).toStrictEqual([...times].sort().reverse());
  });

  it("review approve publishes it, moves the tallies, and a second approve is refused and adds nothing", async () => {
    expect(await ops<PrintedReview>(["review", "approve", posted.review_id])).toStrictEqual(
      stored({ status: "approved", version: 2 }),
    );
    const approved = await ops<PrintedReview[]>(["review", "list", "--status", "approved"]);
    expect(approved.find((r) => r.review_id === posted.review_id)?.status).toBe("approved");
    const pending = await ops<PrintedReview[]>(["review", "list", "--status", "pending"]);
    expect(pending.some((r) => r.review_id === posted.review_id)).toBe(false);

    expect(await failure(["review", "approve", posted.review_id])).toStrictEqual({
      code: 1,
      stdout: "",
      stderr: `Review ${posted.review_id} is already approved\n`,
    });
    expect(await talliesOf(world)).toStrictEqual({
      product: { rating_sum: 4, rating_count: 1 },
      seller: { rating_sum: 4, rating_count: 1 },
    });
  });

  it("review reject takes an approved review down with its reason, out of the tallies; a rejected one cannot be rejected again", async () => {
    expect(
      await ops<PrintedReview>(["review", "reject", posted.review_id, "--reason", " Off-topic "]),
    ).toStrictEqual(stored({ status: "rejected", reason: "Off-topic", version: 3 }));
    expect(await talliesOf(world)).toStrictEqual({
      product: { rating_sum: 0, rating_count: 0 },
      seller: { rating_sum: 0, rating_count: 0 },
    });
    expect(await failure(["review", "reject", posted.review_id, "--reason", "again"])).toStrictEqual({
      code: 1,
      stdout: "",
      stderr: `Review ${posted.review_id} is already rejected\n`,
    });
    expect(await failure(["review", "approve", posted.review_id])).toStrictEqual({
      code: 1,
      stdout: "",
      stderr: `Review ${posted.review_id} is already rejected\n`,
    });
  });

  it("refuses unknown reviews, a bad status, a missing or empty reason, and missing arguments", async () => {
    for (const id of [UNKNOWN_ID, "nope"]) {
      expect(await failure(["review", "approve", id])).toStrictEqual({
        code: 1,
        stdout: "",
        stderr: `Review ${id} not found\n`,
      });
    }
    expect(await failure(["review", "list", "--status", "waiting"])).toStrictEqual({
      code: 1,
      stdout: "",
      stderr: "--status must be one of pending, approved, rejected\n",
    });
    expect(await failure(["review", "reject", UNKNOWN_ID, "--reason", "   "])).toStrictEqual({
      code: 1,
      stdout: "",
      stderr: "reason must be 1-1000 characters\n",
    });
    expect(await failure(["review", "reject", UNKNOWN_ID])).toStrictEqual({
      code: 2,
      stdout: "",
      stderr: usageError("--reason is required", "review reject <review_id> --reason <text>"),
    });
    expect(await failure(["review", "approve"])).toStrictEqual({
      code: 2,
      stdout: "",
      stderr: usageError("review id is required", "review approve <review_id>"),
    });
  });
});
