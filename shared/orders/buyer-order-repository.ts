import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { ChatMessageRecord } from "../chat/chat-message.js";
import { chatMessagePut } from "../chat/chat-message-item.js";
import { collections, indexAttributeList, indexedCollections } from "../data/table-keys.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import { type BuyerStatus, type HistoryEntry, historyStatusMove } from "./buyer-history.js";
import { type OrderRecord, orderRecordSchema } from "./order.js";
import { openDisputeAssignment, orderTableItem } from "./order-items.js";

/** One page of a buyer's history: which facet, which days, what else each entry must match. */
export interface HistoryRead {
  readonly accountId: number;
  readonly facet: string;
  /** Inclusive ISO bounds on the creation time, served by the sort key. */
  readonly from?: string;
  readonly to?: string;
  readonly filter: { readonly status?: BuyerStatus; readonly sellerId?: number; readonly productId?: string };
  readonly offset: number;
  readonly limit: number;
}

/** A buyer's side of orders: the history index and disputes. */
export interface BuyerOrderStore {
  /** One page of the buyer's history, newest first. */
  history(read: HistoryRead): Promise<HistoryEntry[]>;
  /**
   * Opens or closes a dispute on a paid order, moves it in the buyer's history and puts the chat
   * messages at their positions, all or nothing. Opening counts one more dispute, on condition that
   * fewer than `maxOpens` were opened. When the order is no longer as read, says how it is now
   * (`order`); when a position was taken meanwhile, that the chat grew.
   */
  setDispute(input: {
    order: OrderRecord;
    open: boolean;
    at: string;
    messages: readonly ChatMessageRecord[];
    maxOpens: number;
  }): Promise<DisputeWrite>;
}

/** How a dispute's write went: written, or what changed since the order and its chat were read. */
export type DisputeWrite =
  | { readonly outcome: "written" }
  | { readonly outcome: "order_changed"; readonly order: OrderRecord | undefined }
  | { readonly outcome: "chat_grew" };

/** Entries evaluated per Query when a filter may drop some (the page then takes several). */
const FILTERED_CHUNK = 100;
/**
 * Most entries one filtered request evaluates. A filter the facet does not serve (e.g. a status within a
 * product's orders) may match rarely; past this the page is answered with what was found, so one request
 * stays a few Queries however long the history.
 */
export const MAX_FILTERED_READ = 2000;

/** The DynamoDB implementation of BuyerOrderStore. */
export const createBuyerOrderRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): BuyerOrderStore => ({
  async history(read) {
    const { PK } = collections.buyerOrders(read.accountId, read.facet);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ":pk": PK };
    let keyCondition = "PK = :pk";
    // Sort keys are "<created_at>#<order id>": a day's bounds are a key range, so dates cost no filter.
    if (read.from !== undefined && read.to !== undefined) {
      keyCondition += " AND SK BETWEEN :from AND :to";
      Object.assign(values, { ":from": read.from, ":to": read.to });
    } else if (read.from !== undefined) {
      keyCondition += " AND SK >= :from";
      values[":from"] = read.from;
    } else if (read.to !== undefined) {
      keyCondition += " AND SK <= :to";
      values[":to"] = read.to;
    }
    const conditions: string[] = [];
    if (read.filter.status !== undefined) {
      conditions.push("#status = :status");
      names["#status"] = "status";
      values[":status"] = read.filter.status;
    }
    if (read.filter.sellerId !== undefined) {
      conditions.push("seller_id = :seller");
      values[":seller"] = read.filter.sellerId;
    }
    if (read.filter.productId !== undefined) {
      conditions.push("product_id = :product");
      values[":product"] = read.filter.productId;
    }
    const wanted = read.offset + read.limit;
    const input: QueryCommandInput = {
      TableName: tableName,
      KeyConditionExpression: keyCondition,
      ScanIndexForward: false,
      ExpressionAttributeValues: values,
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ...(conditions.length > 0 ? { FilterExpression: conditions.join(" AND ") } : {}),
    };
    const found: HistoryEntry[] = [];
    let start: Record<string, unknown> | undefined;
    let evaluated = 0;
    do {
      const page = await client.send(
        new QueryCommand({
          ...input,
          // Without a filter every entry read is on the page; with one, read in chunks until it is full.
          Limit: conditions.length > 0 ? FILTERED_CHUNK : wanted - found.length,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) found.push(item as HistoryEntry);
      evaluated += page.ScannedCount ?? 0;
      start = page.LastEvaluatedKey;
    } while (start && found.length < wanted && evaluated < MAX_FILTERED_READ);
    return found.slice(read.offset, wanted);
  },

  async setDispute({ order, open, at, messages, maxOpens }) {
    const from: BuyerStatus = open ? "paid" : "dispute";
    const to: BuyerStatus = open ? "dispute" : "paid";
    const chat = messages.map((message) => chatMessagePut(tableName, message));
    // The order joins its seller's open disputes in the write that opens one and leaves them in the write
    // that closes it, under the same condition, so the seller's count of open disputes is never stale.
    const disputes = openDisputeAssignment({ sellerId: order.seller_id, orderId: order.id_order }, at);
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName,
          Key: orderTableItem.key(order.id_order),
          UpdateExpression: open
            ? `SET dispute_open = :true, dispute_opened_at = :at, dispute_opens = if_not_exists(dispute_opens, :zero) + :one, ${disputes.expression} REMOVE dispute_closed_at`
            : `SET dispute_open = :false, dispute_closed_at = :at REMOVE ${indexAttributeList(indexedCollections.sellerOpenDisputes)}`,
          ConditionExpression: open
            ? "#status = :paid AND (attribute_not_exists(dispute_open) OR dispute_open = :false) AND (attribute_not_exists(dispute_opens) OR dispute_opens < :maxOpens)"
            : "#status = :paid AND dispute_open = :true",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: {
            ":paid": "paid",
            ":true": true,
            ":false": false,
            ":at": at,
            ...(open ? { ":zero": 0, ":one": 1, ":maxOpens": maxOpens, ...disputes.values } : {}),
          },
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        },
      },
      ...chat,
      ...historyStatusMove(tableName, order, from, to),
    ];
    try {
      await writeTransaction(client, items, 10);
      return { outcome: "written" };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const [orderReason] = reasons;
      if (orderReason?.Code === "ConditionalCheckFailed") {
        const current = orderReason.Item ? orderRecordSchema.parse(unmarshall(orderReason.Item)) : undefined;
        return { outcome: "order_changed", order: current };
      }
      if (reasons.slice(1, 1 + chat.length).some((r) => r.Code === "ConditionalCheckFailed"))
        return { outcome: "chat_grew" };
      throw error;
    }
  },
});
