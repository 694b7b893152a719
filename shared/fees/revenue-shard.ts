/** The marketplace's fees are spread over this many shards (see `revenueShardOf`). */
export const REVENUE_SHARDS = 16;

/**
 * The shard an order's fee goes to, by a hash of its id (FNV-1a): every sale writing one revenue item
 * would make it a hot key and set parallel deliveries' transactions against each other.
 */
export const revenueShardOf = (orderId: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < orderId.length; i++) {
    hash ^= orderId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % REVENUE_SHARDS;
};
