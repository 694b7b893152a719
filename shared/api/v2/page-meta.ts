import type { Page } from "../../catalogue/catalogue-service.js";
import type { ChatPage } from "../../chat/chat-service.js";
import * as z from "../../validation/zod-mini.js";
import { answering } from "../answer-schema.js";
import { count } from "./field-schemas.js";

const pageShape = {
  page: count("The page answered, from 1 (the page parameter, default 1)"),
  limit: count("The most items a page holds (the limit parameter, default 20); fewer on the last page"),
};

/** v2 search pages: the page, its size and how many products match in all. */
export const countedPageMeta = answering<Page<unknown>["meta"]>()(
  z.strictObject({ ...pageShape, total: count("Items over all pages; 0 when nothing matches") }),
);
/** v2 lists without a total: the page and its size. */
export const pageMeta = answering<ChatPage["meta"]>()(z.strictObject(pageShape));
