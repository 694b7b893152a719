import { ConditionalCheckFailedException, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { SellerModeration } from "../accounts/account.js";
import { batchGetAll } from "../data/batch-get.js";
import { collectionAll, collectionPage } from "../data/collection-page.js";
import { indexQuery } from "../data/index-query.js";
import type { ListPosition } from "../data/page-cursor.js";
import { countAll } from "../data/query-all.js";
import { indexAttributeList, indexedCollections, keys } from "../data/table-keys.js";
import { failedFrom } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import * as refusals from "../errors/refusals.js";
import { codeMoves } from "../key-stock/code-moves.js";
import { type StockRefusal, stockRefusal, stockTake } from "../products/stock-take.js";
import type { EmailTemplate } from "../queue/queue-messages.js";
import { type OrderListEntry, type OrderRecord, orderListEntrySchema, orderRecordSchema } from "./order.js";
import { orderItem, orderTableItem } from "./order-items.js";
import { deliveredOn, orderStages } from "./order-stages.js";

/** Where a reservation's transaction checks the seller. */
const SELLER_CHECK = 2;

/**
 * Why a reservation did not happen: the stock's refusal, or (a key product's order) the codes it chose
 * that another sale or a withdrawal got first, by id.
 */
export type ReservationOutcome = "ok" | StockRefusal | { readonly codesTaken: readonly string[] };

/** Persistence of orders and the stock they hold. */
export interface OrderStore {
  /**
   * Takes the order's quantity from the product's stock and writes the order, or neither; an order with
   * `key_codes` reserves those codes of its key product in the same write.
   */
  createWithReservation(
    order: OrderRecord,
    expected: { price: number; discount: number },
  ): Promise<ReservationOutcome>;
  get(orderId: string): Promise<OrderRecord | undefined>;
  /** Up to `limit` of the seller's orders, newest first, after `start`; and where the next page starts (none at the end). */
  pageBySeller(
    sellerId: number,
    limit: number,
    start: ListPosition | undefined,
  ): Promise<{ orders: OrderListEntry[]; next: ListPosition | undefined } | "invalid_start">;
  /** Every order of the seller, newest first, or "too_many" when there are more than `max`. */
  allBySeller(sellerId: number, max: number): Promise<OrderListEntry[] | "too_many">;
  /** Unpaid orders whose expiry is before `at`, oldest first. */
  expiredBefore(at: string, limit: number): Promise<OrderRecord[]>;
  /** Cancels an order still waiting for payment and returns its stock; false if it is no longer waiting. */
  cancelAndRelease(order: OrderRecord, at: string): Promise<boolean>;
  /**
   * Claims the sending of one of the buyer's e-mails for `claimant` (a claim older than `staleBefore` may
   * be taken over): `claimed`, `held` by another sender, or already `sent`. A claim of the same claimant
   * counts as its own, so a write whose answer was lost and retried still claims.
   */
  claimEmail(
    orderId: string,
    at: string,
    staleBefore: string,
    template: EmailTemplate,
    claimant: string,
  ): Promise<EmailClaim>;
  /** Gives up `claimant`'s claim on an e-mail that did not go out, so the job's next copy sends it at once. */
  releaseEmailClaim(orderId: string, template: EmailTemplate, claimant: string): Promise<void>;
  /** Notes that one of the buyer's e-mails went out; false if it already had. */
  markEmailSent(orderId: string, at: string, template?: EmailTemplate): Promise<boolean>;
  /** One order as of the last committed write (a strongly consistent read), e.g. after losing a race. */
  getLatest(orderId: string): Promise<OrderRecord | undefined>;
  /** How many of the seller's orders are in each stage, those delivered on UTC `day` (YYYY-MM-DD), and those in dispute. */
  stageCounts(sellerId: number, day: string): Promise<OrderStageCounts>;
}

/** How many of a seller's orders each stage (`order-stages.ts`) and the open disputes hold. */
export interface OrderStageCounts {
  readonly waiting: number;
  /** Paid and undelivered with a webhook that is not failing: without the webhook_failing ones. */
  readonly undelivered: number;
  readonly webhookFailing: number;
  /** Delivered on the day asked for. */
  readonly delivered: number;
  readonly openDisputes: number;
}

/** The outcome of claiming an e-mail's sending. */
export type EmailClaim = "claimed" | "held" | "sent";

/** Where each e-mail of an order records its claim, its claimant and its sending, so each goes out once. */
const emailAttributes: Record<EmailTemplate, { claimed: string; claimant: string; sent: string }> = {
  delivery: { claimed: "email_claimed_at", claimant: "email_claimant", sent: "email_sent_at" },
  gift: { claimed: "gift_email_claimed_at", claimant: "gift_email_claimant", sent: "gift_email_sent_at" },
};

/**
 * The condition a sale puts on its seller, checked in the sale's own transaction so a block is never
 * raced: the seller exists and is not blocked.
 */
export const sellerMaySell = (tableName: string, sellerId: number): TransactItem => ({
  ConditionCheck: {
    TableName: tableName,
    Key: keys.account(sellerId),
    ConditionExpression: "attribute_exists(PK) AND status_moderation <> :blocked",
    ExpressionAttributeValues: { ":blocked": SellerModeration.blocked },
  },
});

/**
 * Reads a seller's order list with the list's attributes; if the index does not project `dispute_open`,
 * reads it again without. A table kept in `.local/` from before the list showed disputes has such a
 * GSI1 (DynamoDB Local keeps an index's projection), and DynamoDB refuses a Query that asks an index for
 * an attribute it does not project: its list then shows every order's dispute_status "none" (an absent
 * flag, as `orderListEntrySchema` takes it) instead of failing. A deployed GSI1 projects it once it is
 * recreated from the schema (docs/decisions.md, "Order counts for the seller").
 */
const readList = async <T>(read: (attributes: readonly string[]) => Promise<T>): Promise<T> => {
  try {
    return await read(orderTableItem.projections.list);
  } catch (error) {
    const unprojected =
      error instanceof Error &&
      error.name === "ValidationException" &&
      /does not project \[[^\]]*\bdispute_open\b/.test(error.message);
    if (!unprojected) throw error;
    return read(orderTableItem.projections.list.filter((attribute) => attribute !== "dispute_open"));
  }
};

/** The DynamoDB implementation of OrderStore. */
export const createOrderRepository = (client: DynamoDBDocumentClient, tableName: string): OrderStore => {
  const send = (items: TransactItem[]) => writeTransaction(client, items, 10);

  const cancelOrder = (order: OrderRecord, at: string): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: orderTableItem.key(order.id_order),
      // A canceled order needs nothing of its seller: it leaves the waiting stage (and every stage) with
      // the expiry queue, in the write that cancels it, so the summary never counts it waiting.
      UpdateExpression: `SET #status = :canceled, canceled_at = :at REMOVE ${indexAttributeList(indexedCollections.expiringOrders)}, ${indexAttributeList(indexedCollections.sellerOrdersByStage)}`,
      ConditionExpression: "#status = :wait",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":canceled": "canceled", ":wait": "wait", ":at": at },
    },
  });

  return {
    async createWithReservation(order, expected) {
      const codes = order.key_codes;
      const stock = { quoted: expected, ...(codes ? { codesTo: "reserved" as const } : {}) };
      const moves = codes
        ? codeMoves(tableName, {
            sellerId: order.seller_id,
            productId: order.product_id,
            ids: codes,
            from: { state: "available" },
            to: { state: "reserved", orderId: order.id_order },
          })
        : [];
      try {
        await send([
          stockTake(tableName, order.product_id, order.quantity, stock),
          {
            Put: {
              TableName: tableName,
              Item: orderItem(order),
              ConditionExpression: "attribute_not_exists(PK)",
            },
          },
          // A blocked seller sells nothing.
          sellerMaySell(tableName, order.seller_id),
          ...moves,
        ]);
        return "ok";
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        if (error.CancellationReasons?.[SELLER_CHECK]?.Code === "ConditionalCheckFailed")
          return "product_unavailable";
        const reason = error.CancellationReasons?.[0];
        if (reason?.Code === "ConditionalCheckFailed")
          return stockRefusal(reason.Item ? unmarshall(reason.Item) : undefined, stock);
        const taken = failedFrom(error, SELLER_CHECK + 1, codes ?? []);
        if (taken.length > 0) return { codesTaken: taken };
        throw error;
      }
    },

    async get(orderId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: orderTableItem.key(orderId) }),
      );
      return result.Item ? orderRecordSchema.parse(result.Item) : undefined;
    },

    async pageBySeller(sellerId, limit, start) {
      const page = await readList((attributes) =>
        collectionPage(client, tableName, indexedCollections.sellerOrders, [sellerId], {
          limit,
          start,
          attributes,
        }),
      );
      if (page === "invalid_start") return page;
      return { orders: page.items.map((row) => orderListEntrySchema.parse(row)), next: page.next };
    },

    async allBySeller(sellerId, max) {
      const rows = await readList((attributes) =>
        collectionAll(client, tableName, indexedCollections.sellerOrders, [sellerId], { max, attributes }),
      );
      return rows === "too_many" ? rows : rows.map((row) => orderListEntrySchema.parse(row));
    },

    async expiredBefore(at, limit) {
      // The queue's index holds keys only (an order waits there unchanged until paid or canceled): the
      // due orders are then read by key.
      const page = await client.send(
        new QueryCommand(
          indexQuery(tableName, indexedCollections.expiringOrders, [], { sortBelow: at, limit }),
        ),
      );
      const due = (page.Items ?? []).map((row) => ({ PK: String(row.PK), SK: String(row.SK) }));
      const orders = (await batchGetAll(client, tableName, due)).map((row) => orderRecordSchema.parse(row));
      return orders.sort((a, b) =>
        `${a.expires_at}#${a.id_order}` < `${b.expires_at}#${b.id_order}` ? -1 : 1,
      );
    },

    async cancelAndRelease(order, at) {
      const codes = order.key_codes;
      try {
        await send([
          cancelOrder(order, at),
          codes
            ? {
                // A key product's reserved codes go back on sale, and its count with them.
                Update: {
                  TableName: tableName,
                  Key: keys.product(order.product_id),
                  UpdateExpression: "SET #count = #count + :q ADD key_reserved :released",
                  ConditionExpression: "attribute_exists(PK) AND key_stock = :keyed",
                  ExpressionAttributeNames: { "#count": "count" },
                  ExpressionAttributeValues: {
                    ":q": order.quantity,
                    ":released": -order.quantity,
                    ":keyed": 1,
                  },
                },
              }
            : {
                // Declared stock goes back only to a product that still declares it: once it sells
                // uploaded codes, its count is theirs.
                Update: {
                  TableName: tableName,
                  Key: keys.product(order.product_id),
                  UpdateExpression: "SET #count = #count + :q",
                  ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(key_stock)",
                  ExpressionAttributeNames: { "#count": "count" },
                  ExpressionAttributeValues: { ":q": order.quantity },
                },
              },
          ...(codes
            ? codeMoves(tableName, {
                sellerId: order.seller_id,
                productId: order.product_id,
                ids: codes,
                from: { state: "reserved", orderId: order.id_order },
                to: { state: "available" },
              })
            : []),
        ]);
        return true;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [orderReason, productReason] = error.CancellationReasons ?? [];
        if (orderReason?.Code === "ConditionalCheckFailed") return false;
        // A key order's codes are its product's until they return (the product cannot be deleted
        // while it holds reserved codes): anything else failing is a fault, not a state to work around.
        if (codes || productReason?.Code !== "ConditionalCheckFailed") throw error;
        // The product was deleted meanwhile, or sells uploaded codes now: the order is still canceled,
        // there is no declared stock to return.
        try {
          await send([cancelOrder(order, at)]);
          return true;
        } catch (inner) {
          if (inner instanceof TransactionCanceledException) return false;
          throw inner;
        }
      }
    },

    async claimEmail(orderId, at, staleBefore, template, claimant) {
      const names = emailAttributes[template];
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderTableItem.key(orderId),
            UpdateExpression: "SET #claimed = :at, #claimant = :claimant",
            ConditionExpression:
              "attribute_exists(PK) AND attribute_not_exists(#sent) AND (attribute_not_exists(#claimed) OR #claimed < :stale OR #claimant = :claimant)",
            ExpressionAttributeNames: {
              "#claimed": names.claimed,
              "#claimant": names.claimant,
              "#sent": names.sent,
            },
            ExpressionAttributeValues: { ":at": at, ":stale": staleBefore, ":claimant": claimant },
            ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          }),
        );
        return "claimed";
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        if (!error.Item) throw new Error(refusals.orderIdNotFound.message({ orderId }));
        return unmarshall(error.Item)[names.sent] === undefined ? "held" : "sent";
      }
    },

    async releaseEmailClaim(orderId, template, claimant) {
      const names = emailAttributes[template];
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderTableItem.key(orderId),
            UpdateExpression: "REMOVE #claimed, #claimant",
            ConditionExpression: "#claimant = :claimant AND attribute_not_exists(#sent)",
            ExpressionAttributeNames: {
              "#claimed": names.claimed,
              "#claimant": names.claimant,
              "#sent": names.sent,
            },
            ExpressionAttributeValues: { ":claimant": claimant },
          }),
        );
      } catch (error) {
        // Someone else's claim by now, or sent after all: nothing of ours to give up.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },

    async markEmailSent(orderId, at, template = "delivery") {
      const { sent } = emailAttributes[template];
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderTableItem.key(orderId),
            UpdateExpression: "SET #sent = :at",
            ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(#sent)",
            ExpressionAttributeNames: { "#sent": sent },
            ExpressionAttributeValues: { ":at": at },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async getLatest(orderId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: orderTableItem.key(orderId), ConsistentRead: true }),
      );
      return result.Item ? orderRecordSchema.parse(result.Item) : undefined;
    },

    async stageCounts(sellerId, day) {
      // Each count reads one partition of a sparse keys-only index to its end. That is bounded by what
      // the seller has to do now, never by the seller's history: the stages hold only live orders
      // (waiting ones until paid or canceled, paid ones until delivered, disputes while open), and a
      // delivered stage holds one UTC day. An entry is its keys alone (a few hundred bytes with
      // DynamoDB's overhead), so one 1 MB page counts thousands; the five Queries go out together.
      const byStage = (stage: string) =>
        countAll(client, indexQuery(tableName, indexedCollections.sellerOrdersByStage, [sellerId, stage]));
      const [waiting, undelivered, webhookFailing, delivered, openDisputes] = await Promise.all([
        byStage(orderStages.waiting),
        byStage(orderStages.undelivered),
        byStage(orderStages.webhookFailing),
        byStage(deliveredOn(day)),
        countAll(client, indexQuery(tableName, indexedCollections.sellerOpenDisputes, [sellerId])),
      ]);
      return { waiting, undelivered, webhookFailing, delivered, openDisputes };
    },
  };
};
