import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
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
