import { createRateLimiter } from "../limits/rate-limiter.js";
import { createRateWindowRepository } from "../limits/rate-window-repository.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/** The fixed-window limiter over the table that every abuse limit counts in (token exchange, chats, test webhook). */
export const rateLimiter = () =>
  createRateLimiter({
    windows: createRateWindowRepository(tableClient(), tableName()),
    now: clockAndRandomness.now,
  });
