import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { catalogueManifestTableItem, LISTED_VALUES_ATTRIBUTE } from "../catalogue/catalogue-items.js";
import { type PublicProductGuards, publicProductChecks } from "../catalogue/public-product-checks.js";
import { indexQuery } from "../data/index-query.js";
import { projectionExpression } from "../data/projection-expression.js";
import {
  collections,
  indexAssignment,
  indexAttributeList,
  indexedCollections,
  indexMembership,
  keys,
} from "../data/table-keys.js";
import { failedConditions } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import * as z from "../validation/zod-mini.js";
import {
  type FavoriteFollow,
  type FavoriteRecord,
  type FollowedState,
  favoriteFollowSchema,
} from "./favorite.js";
import {
  favoriteCountTableItem,
  favoriteFollowTableItem,
  favoriteItem,
  favoriteTableItem,
  firstFollowItem,
} from "./favorite-items.js";

/** One slice of a reseller's listed favorites, by product id. */
export interface FavoriteSlice {
  readonly productIds: string[];
  /** Where the next slice starts (exclusive); undefined when the list has been read to its end. */
  readonly next: string | undefined;
}

/** What a product's favorites follow now, read consistently: its follow record and whether it is listed. */
export interface FollowReading {
  /** Undefined until the product's first favorite. */
  readonly record: FavoriteFollow | undefined;
  /** Whether the catalogue indexer lists the product now (its manifest holds listed values). */
  readonly listed: boolean;
}

/**
 * How an add ended: stored, already there, refused because the account's list is full, refused because
 * what the product's favorites follow changed since it was read (read it again and retry), or refused
 * because the product's category or seller no longer lets resellers see it (the catalogue says why).
 */
export type AddOutcome = "added" | "present" | "full" | "moved" | "not_public";

/** The favorites a reseller changes and lists. Every write is conditional: no read-modify-write. */
export interface FavoriteStore {
  /** What a new favorite of the product must follow (see `FollowReading`). */
  follow(productId: string): Promise<FollowReading>;
  /**
   * Adds the favorite, in the reseller's list if `seen` says the product is listed, counted against
   * `cap`, in one transaction that requires what the product's favorites follow to be still as `seen`
   * (for a product's first favorite, it creates the follow record, requiring the product to exist and
   * its listing as seen), and the product's category and seller to be as `guards` require.
   */
  add(
    record: FavoriteRecord,
    seen: FollowReading,
    cap: number,
    guards: PublicProductGuards,
  ): Promise<AddOutcome>;
  /** Deletes the favorite and frees its room, if it is there; true when this call deleted it. */
  remove(accountId: number, productId: string): Promise<boolean>;
  /** Up to `limit` of an account's favorites whose product is listed, after `after`, in product id order. */
  listed(accountId: number, limit: number, after?: string): Promise<FavoriteSlice>;
}

/** One favorite of a product as its follower sees it: whose it is, and whether it is in their list. */
export interface HeldFavorite {
  readonly accountId: number;
  readonly shown: boolean;
}

/** The favorites of one product, for the catalogue indexer to keep them in step with the product. */
export interface FavoriteFollowStore extends Pick<FavoriteStore, "follow" | "remove"> {
  /** Records `state` as what the favorites follow, not yet settled; the new version, or undefined if `seenVersion` is stale. */
  announce(productId: string, state: FollowedState, seenVersion: number): Promise<number | undefined>;
  /** One page of the product's favorites (read consistently), and where the next starts. */
  holders(
    productId: string,
    after?: number,
  ): Promise<{ favorites: HeldFavorite[]; next: number | undefined }>;
  /** Puts a favorite in its reseller's list or takes it out; a favorite removed meanwhile stays removed. */
  show(accountId: number, productId: string, shown: boolean): Promise<void>;
  /** Marks `version` settled: every favorite shows it. False when a later announcement came first. */
  settle(productId: string, version: number): Promise<boolean>;
}

const listedEntry = z.object({ GSI2SK: z.string() });
const heldEntry = z.object({ account_id: z.number().check(z.int(), z.positive()) });

/** Sends one conditional UpdateItem; false when its condition failed. */
const conditionally = async (client: DynamoDBDocumentClient, command: UpdateCommand): Promise<boolean> => {
  try {
    await client.send(command);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/**
 * The DynamoDB implementation of both stores. A favorite lives beside its product and carries the
 * `listedFavorites` index keys only while the product is listed, so a reseller's list reads only those.
 * The account's count (`favoriteCountTableItem`) moves in the same transaction as each favorite.
 */
export const createFavoriteRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): FavoriteStore & FavoriteFollowStore => {
  const listing = indexedCollections.listedFavorites;
  const followKey = favoriteFollowTableItem.key;

  return {
    async follow(productId) {
      let items: Record<string, unknown>[] = [];
      // Two small items: a partial answer (rare) is asked again whole.
      for (let complete = false; !complete; ) {
        const result = await client.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: [followKey(productId), catalogueManifestTableItem.key(productId)],
                ConsistentRead: true,
                ...projectionExpression(favoriteFollowTableItem.projections.reading),
              },
            },
          }),
        );
        items = result.Responses?.[tableName] ?? [];
        complete = (result.UnprocessedKeys?.[tableName]?.Keys ?? []).length === 0;
      }
      const record = items.find((item) => item.SK === followKey(productId).SK);
      const manifest = items.find((item) => item.SK === catalogueManifestTableItem.key(productId).SK);
      return {
        record: record ? favoriteFollowSchema.parse(record) : undefined,
        listed: manifest?.[LISTED_VALUES_ATTRIBUTE] !== undefined,
      };
    },

    async add(record, seen, cap, guards) {
      const shown = seen.record ? seen.record.state === "listed" : seen.listed;
      const productId = record.product_id;
      const follow: TransactItem[] = seen.record
        ? [
            {
              ConditionCheck: {
                TableName: tableName,
                Key: followKey(productId),
                ConditionExpression: "#state = :state",
                ExpressionAttributeNames: { "#state": "state" },
                ExpressionAttributeValues: { ":state": seen.record.state },
              },
            },
          ]
        : [
            {
              Put: {
                TableName: tableName,
                Item: firstFollowItem(productId, shown),
                ConditionExpression: "attribute_not_exists(PK)",
              },
            },
            {
              // The first favorite follows the listing as seen: the indexer changes the manifest first
              // and then announces, so a change that lands after this commits reaches this favorite.
              ConditionCheck: {
                TableName: tableName,
                Key: catalogueManifestTableItem.key(productId),
                ConditionExpression: `${seen.listed ? "attribute_exists" : "attribute_not_exists"}(#listed)`,
                ExpressionAttributeNames: { "#listed": LISTED_VALUES_ATTRIBUTE },
              },
            },
            {
              // A product deleted since the catalogue was asked gets no favorite nobody would clean up.
              ConditionCheck: {
                TableName: tableName,
                Key: keys.product(productId),
                ConditionExpression: "attribute_exists(PK)",
              },
            },
          ];
      const items: TransactItem[] = [
        {
          Put: {
            TableName: tableName,
            Item: favoriteItem(record, shown),
            // The first add wins and keeps its time; a later one finds it there and changes nothing.
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: favoriteCountTableItem.key(record.account_id),
            UpdateExpression: "ADD #favorites :one SET entity = :entity",
            ConditionExpression: "attribute_not_exists(#favorites) OR #favorites < :cap",
            ExpressionAttributeNames: { "#favorites": "favorites" },
            ExpressionAttributeValues: { ":one": 1, ":cap": cap, ":entity": favoriteCountTableItem.entity },
          },
        },
        ...follow,
      ];
      const guardsAt = items.length;
      items.push(...publicProductChecks(tableName, guards));
      try {
        // Parallel adds of one account all move its count: conflicts are retried, as for a balance.
        await writeTransaction(client, items, 10);
        return "added";
      } catch (error) {
        const failed = failedConditions(error);
        if (!failed?.some(Boolean)) throw error;
        // The catalogue's check comes first, as it did when it was read before the write.
        if (failed.slice(guardsAt).some(Boolean)) return "not_public";
        if (failed[0]) return "present";
        if (failed.slice(2, guardsAt).some(Boolean)) return "moved";
        return "full";
      }
    },

    async remove(accountId, productId) {
      try {
        await writeTransaction(
          client,
          [
            {
              Delete: {
                TableName: tableName,
                Key: favoriteTableItem.key(accountId, productId),
                // Tells a toggle whether this call removed it or another request already had.
                ConditionExpression: "attribute_exists(PK)",
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: favoriteCountTableItem.key(accountId),
                UpdateExpression: "ADD #favorites :minusOne",
                ExpressionAttributeNames: { "#favorites": "favorites" },
                ExpressionAttributeValues: { ":minusOne": -1 },
              },
            },
          ],
          10,
        );
        return true;
      } catch (error) {
        if (failedConditions(error)?.some(Boolean)) return false;
        throw error;
      }
    },

    async listed(accountId, limit, after) {
      const result = await client.send(
        new QueryCommand({
          ...indexQuery(tableName, listing, [accountId], {
            limit,
            attributes: favoriteTableItem.projections.listed,
          }),
          ExclusiveStartKey:
            after === undefined
              ? undefined
              : {
                  ...favoriteTableItem.key(accountId, after),
                  ...indexMembership(listing, [accountId], [after]),
                },
        }),
      );
      const productIds = (result.Items ?? []).map((item) => listedEntry.parse(item).GSI2SK);
      return {
        productIds,
        next: result.LastEvaluatedKey === undefined ? undefined : productIds.at(-1),
      };
    },

    async announce(productId, state, seenVersion) {
      const announced = await conditionally(
        client,
        new UpdateCommand({
          TableName: tableName,
          Key: followKey(productId),
          UpdateExpression: "SET #state = :state, #settled = :false ADD #version :one",
          ConditionExpression: "#version = :seen",
          ExpressionAttributeNames: { "#state": "state", "#settled": "settled", "#version": "version" },
          ExpressionAttributeValues: { ":state": state, ":false": false, ":one": 1, ":seen": seenVersion },
        }),
      );
      return announced ? seenVersion + 1 : undefined;
    },

    async holders(productId, after) {
      const { PK, skPrefix } = collections.productFavorites(productId);
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
          ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
          ...projectionExpression(favoriteTableItem.projections.holders),
          ConsistentRead: true,
          ExclusiveStartKey: after === undefined ? undefined : favoriteTableItem.key(after, productId),
        }),
      );
      const favorites = (result.Items ?? []).map((item) => ({
        accountId: heldEntry.parse(item).account_id,
        shown: item[listing.index.partitionKey] !== undefined,
      }));
      return {
        favorites,
        next: result.LastEvaluatedKey === undefined ? undefined : favorites.at(-1)?.accountId,
      };
    },

    async show(accountId, productId, shown) {
      const assignment = indexAssignment(listing, [accountId], [productId]);
      await conditionally(
        client,
        new UpdateCommand({
          TableName: tableName,
          Key: favoriteTableItem.key(accountId, productId),
          UpdateExpression: shown ? `SET ${assignment.expression}` : `REMOVE ${indexAttributeList(listing)}`,
          ConditionExpression: "attribute_exists(PK)",
          ...(shown ? { ExpressionAttributeValues: assignment.values } : {}),
        }),
      );
    },

    async settle(productId, version) {
      return conditionally(
        client,
        new UpdateCommand({
          TableName: tableName,
          Key: followKey(productId),
          UpdateExpression: "SET #settled = :true",
          ConditionExpression: "#version = :version",
          ExpressionAttributeNames: { "#settled": "settled", "#version": "version" },
          ExpressionAttributeValues: { ":true": true, ":version": version },
        }),
      );
    },
  };
};
