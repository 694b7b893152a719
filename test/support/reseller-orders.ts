import { accountService } from "../../shared/runtime/dependencies.js";
import { createPublicCategory, publishProduct, type TestSeller } from "./catalogue.js";
import { boughtOrder, h2hSeller } from "./purchases.js";

/** A reseller's order as a test needs it: its id (which is also its chat's id) and the seller who sold it. */
export interface ResellerOrder {
  readonly orderId: string;
  readonly seller: TestSeller;
}

/** A real POST /api/v2/buy by `buyer` of a fresh H2H seller's product (the buyer is credited its price first). */
export const resellerOrder = async (buyer: Pick<TestSeller, "id" | "v2">): Promise<ResellerOrder> => {
  const { seller } = await h2hSeller();
  const product = await publishProduct(seller, await createPublicCategory(), { price: 500 }, { sync: false });
  await accountService().credit(buyer.id, 500);
  return { orderId: await boughtOrder(buyer, product.id), seller };
};
