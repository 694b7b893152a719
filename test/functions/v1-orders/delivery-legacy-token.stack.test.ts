import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { hashDeliveryToken } from "../../../shared/delivery/delivery-token.js";
import { request } from "../../support/http.js";
import { balanceOf } from "../../support/ledger.js";
import { paidOrder } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";

describe("POST /api/v1/orders/delivery/{token} with a token issued before tokens carried the amount", () => {
  it("reads the amount from the order, delivers once and credits it", async () => {
    const { account, token, order, deliveryToken } = await paidOrder({ price: 900 });
    await createDocumentClient().send(
      new UpdateCommand({
        TableName: requireEnv("TABLE_NAME"),
        Key: keys.deliveryToken(hashDeliveryToken(deliveryToken)),
        UpdateExpression: "REMOVE amount",
      }),
    );
    const deliver = () =>
      request("POST", `/api/v1/orders/delivery/${deliveryToken}`, {
        headers: jsonHeaders(token),
        body: JSON.stringify({ text: "KEY-OLD" }),
      });
    const first = await deliver();
    expect(first.body).toEqual({
      status: "success",
      data: { message: "Product delivered", id_order: order.id_order, delivered: true },
    });
    expect((await deliver()).body).toEqual({ status: "error", message: "Order already delivered" });
    expect(await balanceOf(account.seller_id)).toBe(900);
  });
});
