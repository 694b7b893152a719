import { GetCommand } from "@aws-sdk/lib-dynamodb";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { shownRating } from "../../../shared/ratings/shown-rating.js";
import type { ReviewRecord } from "../../../shared/reviews/review.js";
import { createReviewRepository } from "../../../shared/reviews/review-repository.js";
import { catalogueService } from "../../../shared/runtime/dependencies.js";
import { reviewModerationService, reviewService } from "../../../shared/runtime/reviews.js";
import { createTestSeller, PUBLISHING_TIMEOUT, type TestSeller } from "../../support/catalogue.js";
import { keyProduct } from "../../support/key-stock.js";
import { deliveredOrderOf, keyProductOf, REVIEWED_PRICE, tallyOf } from "./review-world.js";

/** Resellers, products and sellers of the run: every reseller holds a delivered order of every product. */
const RESELLERS = 4;
/** Two products of one seller (its tally sums both) and one of another. */
const PRODUCTS_PER_SELLER = [2, 1];

interface Slot {
  readonly reseller: TestSeller;
  readonly productId: string;
  readonly sellerId: number;
  readonly orderId: string;
}

/** One thing a person does to a review; several run at once on the same review. */
type Step =
  | { readonly kind: "write"; readonly slot: number; readonly rating: number }
  | { readonly kind: "edit"; readonly slot: number; readonly rating: number }
  | { readonly kind: "remove"; readonly slot: number }
  | { readonly kind: "approve"; readonly slot: number }
  | { readonly kind: "reject"; readonly slot: number };

const table = () => ({ client: createDocumentClient(), name: requireEnv("TABLE_NAME") });

describe("rating tallies under parallel moderation, edits and removals", {
  timeout: 20 * PUBLISHING_TIMEOUT,
}, () => {
  const slots: Slot[] = [];
  const products: { id: string; sellerId: number }[] = [];
  const sellers: number[] = [];

  beforeAll(async () => {
    const resellers = await Promise.all(Array.from({ length: RESELLERS }, () => createTestSeller()));
    for (const count of PRODUCTS_PER_SELLER) {
      const first = await keyProduct(RESELLERS, { price: REVIEWED_PRICE });
      sellers.push(first.seller.id);
      products.push({ id: first.product.id, sellerId: first.seller.id });
      for (let i = 1; i < count; i++) {
        const more = await keyProductOf(first.seller, RESELLERS);
        products.push({ id: more.id, sellerId: first.seller.id });
      }
    }
    for (const reseller of resellers)
      for (const product of products)
        slots.push({
          reseller,
          productId: product.id,
          sellerId: product.sellerId,
          orderId: await deliveredOrderOf(reseller, product.id),
        });
  }, 20 * PUBLISHING_TIMEOUT);

  const run = async (step: Step): Promise<void> => {
    const slot = slots[step.slot];
    if (!slot) throw new Error(`no slot ${step.slot}`);
    const current = () =>
      createReviewRepository(table().client, table().name).get(slot.reseller.id, slot.productId);
    try {
      switch (step.kind) {
        case "write":
          await reviewService().create(slot.reseller.id, {
            order_id: slot.orderId,
            rating: step.rating,
            text: "Review",
          });
          return;
        case "edit":
          await reviewService().edit(slot.reseller.id, slot.productId, { rating: step.rating });
          return;
        case "remove":
          await reviewService().remove(slot.reseller.id, slot.productId);
          return;
        case "approve":
        case "reject": {
          const review = await current();
          if (!review) return;
          if (step.kind === "approve") await reviewModerationService().approve(review.review_id);
          else await reviewModerationService().reject(review.review_id, "No");
          return;
        }
      }
    } catch (error) {
      // Refusals are the rules at work (already decided, gone, exists, lost too many races); anything else fails.
      if (!(error instanceof DomainError) || error.kind === "internal") throw error;
    }
  };

  /** Every product's and seller's tally against the sums over the approved reviews, and what each shows. */
  const violations = async (): Promise<string[]> => {
    const repository = createReviewRepository(table().client, table().name);
    const reviews = (
      await Promise.all(slots.map((slot) => repository.get(slot.reseller.id, slot.productId)))
    ).filter((review): review is ReviewRecord => review !== undefined);
    const approved = reviews.filter((review) => review.status === "approved");
    const expected = (of: (review: ReviewRecord) => boolean) => {
      const counted = approved.filter(of);
      return { rating_sum: counted.reduce((sum, r) => sum + r.rating, 0), rating_count: counted.length };
    };
    const found: string[] = [];
    for (const product of products) {
      const want = expected((r) => r.product_id === product.id);
      const got = await tallyOf(keys.product(product.id));
      const tally = { rating_sum: got.rating_sum ?? 0, rating_count: got.rating_count ?? 0 };
      if (JSON.stringify(tally) !== JSON.stringify(want))
        found.push(
          `product ${product.id}: ${JSON.stringify(tally)}, approved reviews ${JSON.stringify(want)}`,
        );
      const shown = await catalogueService().product(product.id);
      if (shown.rating !== shownRating(want.rating_sum, want.rating_count))
        found.push(`product ${product.id} shows ${shown.rating} for ${JSON.stringify(want)}`);
      const { Item } = await table().client.send(
        new GetCommand({ TableName: table().name, Key: keys.commentCount(product.id), ConsistentRead: true }),
      );
      if (Number(Item?.total ?? 0) !== want.rating_count)
        found.push(
          `product ${product.id} counts ${Item?.total ?? 0} comments for ${want.rating_count} approved`,
        );
    }
    for (const sellerId of sellers) {
      const want = expected((r) => r.seller_id === sellerId);
      const got = await tallyOf(keys.account(sellerId));
      const tally = { rating_sum: got.rating_sum ?? 0, rating_count: got.rating_count ?? 0 };
      if (JSON.stringify(tally) !== JSON.stringify(want))
        found.push(`seller ${sellerId}: ${JSON.stringify(tally)}, approved reviews ${JSON.stringify(want)}`);
    }
    return found;
  };

  it("any interleaving of writes, edits, removals, approvals and rejections leaves every product's and seller's rating_sum and rating_count equal to the sums over its approved reviews, its comment count their number, and the shown rating round(sum / count) half up", async () => {
    const slotIndex = fc.integer({
      min: 0,
      max: RESELLERS * PRODUCTS_PER_SELLER.reduce((a, b) => a + b) - 1,
    });
    const rating = fc.integer({ min: 1, max: 5 });
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant("write" as const), slot: slotIndex, rating }),
      fc.record({ kind: fc.constant("edit" as const), slot: slotIndex, rating }),
      fc.record({ kind: fc.constant("remove" as const), slot: slotIndex }),
      { arbitrary: fc.record({ kind: fc.constant("approve" as const), slot: slotIndex }), weight: 3 },
      fc.record({ kind: fc.constant("reject" as const), slot: slotIndex }),
    );
    // Each run: every slot written first (so decisions have something to race on), then a batch at once.
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        await Promise.all(slots.map((_, i) => run({ kind: "write", slot: i, rating: 1 + (i % 5) })));
        await Promise.all(steps.map(run));
        const found = await violations();
        if (found.length > 0) throw new Error(`${found.join("\n")}\n-- steps: ${JSON.stringify(steps)}`);
      }),
      { numRuns: 12, endOnFailure: true },
    );
    expect(await violations()).toStrictEqual([]);
  });
});
