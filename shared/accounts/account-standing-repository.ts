import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { SellerModeration } from "./account.js";
import { accountTableItem } from "./account-items.js";
import { type AccountStanding, standingOf } from "./account-standing.js";

/** Reads an account's standing alone. */
export interface AccountStandingStore {
  /** The account's generation and status, or undefined if there is no such account. */
  find(accountId: number, options?: { consistent?: boolean }): Promise<AccountStanding | undefined>;
}

/**
 * The DynamoDB implementation of AccountStandingStore: one GetItem that projects the two attributes,
 * on its own so that every authenticated bundle carries this and not the whole account repository.
 */
export const createAccountStandingRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): AccountStandingStore => ({
  async find(accountId, options = {}) {
    const result = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: accountTableItem.key(accountId),
        ProjectionExpression: accountTableItem.projections.standing.join(", "),
        ConsistentRead: options.consistent === true,
      }),
    );
    return result.Item ? standingOf(result.Item) : undefined;
  },
});

/**
 * A transaction's condition that the account still honours a token of `generation`: the account exists,
 * is not blocked and has not revoked that generation (as `honoursToken` decides from a read; items
 * older than revocation have neither attribute, as `standingOf` reads them).
 */
export const honoursTokenCondition = (tableName: string, accountId: number, generation: number) => ({
  ConditionCheck: {
    TableName: tableName,
    Key: accountTableItem.key(accountId),
    ConditionExpression:
      "attribute_exists(PK) AND (attribute_not_exists(#generation) OR #generation <= :generation) AND (attribute_not_exists(#status) OR #status <> :blocked)",
    ExpressionAttributeNames: { "#generation": "token_generation", "#status": "status_moderation" },
    ExpressionAttributeValues: { ":generation": generation, ":blocked": SellerModeration.blocked },
  },
});
