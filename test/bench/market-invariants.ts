import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { indexedCollections, keys } from "../../shared/data/table-keys.js";
import { ledgerSum } from "../../shared/ledger/ledger-entry.js";
import { accountMoney } from "../support/account-money.js";
import { indexedMembers } from "../support/indexed-members.js";
import { BUYER_CREDIT, INITIAL_STOCK, type Market } from "./market-seed.js";

/**
 * After the load: does the money and the stock still add up? Read straight from the table, strongly
 * consistent where DynamoDB allows: every bought product's stock is its initial stock less what its
 * orders took, every account's balance is the sum of its ledger (and a buyer's is its credit less what
 * its orders cost), nothing is negative, and there is one order per purchase answered 201.
 */
export interface InvariantCheck {
  readonly check: string;
  readonly ok: boolean;
  readonly detail: string;
}

interface SoldOrder {
  readonly id_order: string;
  readonly product_id: string;
  readonly quantity: number;
  readonly unit_price: number;
  readonly amount: number;
  readonly status: string;
  readonly buyer_account_id?: number;
}

export const checkMarket = async (
  tableName: string,
  market: Market,
  purchasesAnswered201: number,
): Promise<InvariantCheck[]> => {
  const client = createDocumentClient();
  const checks: InvariantCheck[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ check: name, ok, detail });
  const orders = (await indexedMembers(client, tableName, indexedCollections.sellerOrders, [
    market.h2hSeller.id,
  ])) as unknown as SoldOrder[];
  check(
    "one order per purchase answered 201",
    orders.length === purchasesAnswered201,
    `${orders.length} orders, ${purchasesAnswered201} purchases answered 201`,
  );
  const wrongAmounts = orders.filter(
    (o) => o.amount !== o.unit_price * o.quantity || o.status === "canceled",
  );
  check(
    "no order canceled, amount = unit price × quantity",
    wrongAmounts.length === 0,
    `${wrongAmounts.length} of ${orders.length} orders differ`,
  );

  for (const product of market.buyProducts) {
    const stored = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.product(product.id), ConsistentRead: true }),
    );
    const stock = Number(stored.Item?.count);
    const sold = orders.filter((o) => o.product_id === product.id).reduce((sum, o) => sum + o.quantity, 0);
    if (stored.Item?.key_stock === 1) {
      // A product selling uploaded codes: its count is its available codes, each sale delivers its own.
      const delivered = Number(stored.Item.key_delivered);
      check(
        `codes of ${product.name}: delivered = sold, available not negative`,
        delivered === sold && stock >= 0,
        `delivered ${delivered}, sold ${sold}, available ${stock}`,
      );
      continue;
    }
    check(
      `stock of ${product.name} = initial − sold, not negative`,
      stock === INITIAL_STOCK - sold && stock >= 0,
      `stock ${stock}, initial ${INITIAL_STOCK}, sold ${sold}`,
    );
  }
  for (const buyer of market.buyers) {
    const money = await accountMoney(buyer.id);
    const balance = money.balance ?? Number.NaN;
    const ledger = ledgerSum(money.ledger);
    const spent = orders.filter((o) => o.buyer_account_id === buyer.id).reduce((sum, o) => sum + o.amount, 0);
    check(
      `buyer ${buyer.id}: balance = ledger = credit − orders, not negative`,
      balance === ledger && balance === BUYER_CREDIT - spent && balance >= 0,
      `balance ${balance}, ledger sum ${ledger}, credit ${BUYER_CREDIT} − orders ${spent} = ${BUYER_CREDIT - spent}`,
    );
  }
  for (const seller of [market.h2hSeller.id, market.listSeller.id]) {
    const money = await accountMoney(seller);
    const balance = money.balance ?? Number.NaN;
    const ledger = ledgerSum(money.ledger);
    check(
      `seller ${seller}: balance = ledger, not negative`,
      balance === ledger && balance >= 0,
      `balance ${balance}, ledger sum ${ledger}`,
    );
  }
  return checks;
};
