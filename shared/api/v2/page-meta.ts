import type { Page } from "../../catalogue/catalogue-service.js";
import type { ChatPage } from "../../chat/chat-service.js";
import * as z from "../../validation/zod-mini.js";
import { answering } from "../answer-schema.js";
import { count } from "./field-schemas.js";

/** v2 search pages: the page, its size and how many products match in all. */
export const countedPageMeta = answering<Page<unknown>["meta"]>()(
  z.strictObject({ page: z.int(), limit: z.int(), total: count("Matches over all pages") }),
);
/** v2 lists without a total: the page and its size. */
export const pageMeta = answering<ChatPage["meta"]>()(z.strictObject({ page: z.int(), limit: z.int() }));
