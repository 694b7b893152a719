import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { commentCountUpdate, commentTableItem } from "../comments/comment-items.js";
import { keys } from "../data/table-keys.js";
import { conditionFailedAt } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import { ratingTallyUpdate } from "../ratings/rating-tally-items.js";
import { type ReviewRecord, reviewRecordSchema } from "./review.js";
import { reviewItem, reviewLookupTableItem, reviewTableItem } from "./review-items.js";

/** How a review's write ended: written; another write changed it first (read it again); or its product is gone. */
export type ReviewWriteOutcome = "written" | "stale" | "product_gone";

/**
 * Persistence of a review's changes: the review, its public comment and the rating tallies they move.
 * Writing a new review and the lists are modules of their own (`review-creation-repository.ts`,
 * `review-list-repository.ts`), so a function bundles only the reads and writes its routes make.
 */
export interface ReviewStore {
  /** The reseller's review of a product (strongly consistent: it is read to be changed). */
  get(resellerId: number, productId: string): Promise<ReviewRecord | undefined>;
  /** A review by its id. */
  find(reviewId: string): Promise<ReviewRecord | undefined>;
  /**
   * Replaces `before` with `after` (undefined: removes it) in one transaction, conditioned on `before`'s
   * version and status: the review, its public comment and the comments' count when it is or was
   * approved, and the product's and the seller's rating tallies by the difference the change makes to
   * the approved reviews.
   */
  write(before: ReviewRecord, after: ReviewRecord | undefined): Promise<ReviewWriteOutcome>;
}

/** The public comment an approved review is shown as, in its product's comment list (`created_at`: its text's time). */
const publicComment = (review: ReviewRecord) =>
  commentTableItem.item([review.product_id, review.updated_at, review.review_id], {
    comment_id: review.review_id,
    product_id: review.product_id,
    rating: review.rating,
    text: review.text,
    created_at: review.updated_at,
    ...(review.answer ? { answer: review.answer } : {}),
  });

const commentKey = (review: ReviewRecord) =>
  keys.comment(review.product_id, review.updated_at, review.review_id);

/** What an approved review adds to a tally; nothing for one in another state. */
const counted = (review: ReviewRecord | undefined) =>
  review?.status === "approved" ? { sum: review.rating, count: 1 } : { sum: 0, count: 0 };

/** The DynamoDB implementation of ReviewStore. */
export const createReviewRepository = (client: DynamoDBDocumentClient, tableName: string): ReviewStore => {
  const parse = (item: Record<string, unknown>) => reviewRecordSchema.parse(item);
  /** The transaction that takes `before` to `after`; `withProduct` false leaves a deleted product's tally out. */
  const transition = (
    before: ReviewRecord,
    after: ReviewRecord | undefined,
    withProduct: boolean,
  ): { items: TransactItem[]; productAt: number | undefined } => {
    const guard = {
      ConditionExpression: "version = :version AND #status = :status",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":version": before.version, ":status": before.status },
    };
    const items: TransactItem[] = [
      after
        ? { Put: { TableName: tableName, Item: reviewItem(after), ...guard } }
        : {
            Delete: {
              TableName: tableName,
              Key: reviewTableItem.key(before.reseller_id, before.product_id),
              ...guard,
            },
          },
    ];
    if (!after)
      items.push({ Delete: { TableName: tableName, Key: reviewLookupTableItem.key(before.review_id) } });
    const wasPublic = before.status === "approved";
    const isPublic = after?.status === "approved";
    const sameComment =
      wasPublic && isPublic && after !== undefined && after.updated_at === before.updated_at;
    if (wasPublic && !sameComment) items.push({ Delete: { TableName: tableName, Key: commentKey(before) } });
    if (isPublic && after) items.push({ Put: { TableName: tableName, Item: publicComment(after) } });
    const commentChange = (isPublic ? 1 : 0) - (wasPublic ? 1 : 0);
    if (commentChange !== 0) items.push(commentCountUpdate(tableName, before.product_id, commentChange));
    const [from, to] = [counted(before), counted(after)];
    const change = { sum: to.sum - from.sum, count: to.count - from.count };
    let productAt: number | undefined;
    if (change.sum !== 0 || change.count !== 0) {
      if (withProduct) {
        productAt = items.length;
        items.push(ratingTallyUpdate(tableName, keys.product(before.product_id), change));
      }
      items.push(ratingTallyUpdate(tableName, keys.account(before.seller_id), change));
    }
    return { items, productAt };
  };

  const get = async (resellerId: number, productId: string) => {
    const { Item } = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: reviewTableItem.key(resellerId, productId),
        ConsistentRead: true,
      }),
    );
    return Item ? parse(Item) : undefined;
  };

  return {
    get,

    async find(reviewId) {
      const { Item: lookup } = await client.send(
        new GetCommand({ TableName: tableName, Key: reviewLookupTableItem.key(reviewId) }),
      );
      if (!lookup) return undefined;
      const review = await get(Number(lookup.reseller_id), String(lookup.product_id));
      // A review removed and written again under the same reseller and product has a new id.
      return review?.review_id === reviewId ? review : undefined;
    },

    async write(before, after) {
      for (const withProduct of [true, false]) {
        const { items, productAt } = transition(before, after, withProduct);
        try {
          await writeTransaction(client, items);
          return "written";
        } catch (error) {
          if (conditionFailedAt(error, 0)) return "stale";
          if (productAt === undefined || !conditionFailedAt(error, productAt)) throw error;
          // The product was deleted: a change that takes an approved review away still goes through (the
          // product's tally went with it); one that would count a review for it cannot.
          if (counted(after).count > counted(before).count) return "product_gone";
        }
      }
      throw new Error(`review ${before.review_id}: its product's tally was refused twice`);
    },
  };
};
