import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { withoutThirdPartyRequests } from "./redoc-script.js";

/**
 * The files the API reference serves, by path relative to the project root. The CDK copies each into
 * the api-docs bundle at the same relative path, so one reader serves them locally and in Lambda.
 */
export const referenceFiles = {
  v1: "docs/openapi/v1.json",
  v2: "docs/openapi/v2.json",
  redoc: "node_modules/redoc/bundles/redoc.standalone.js",
} as const;
export type ReferenceFile = keyof typeof referenceFiles;

/** A reference file as served: its text and the same text gzipped, for clients that accept it. */
export interface ReferenceContent {
  readonly text: string;
  readonly gzipped: Buffer;
}

/** Why a reference file cannot be served: it was never built or installed. */
export class MissingReferenceFileError extends Error {}

const remedy: Record<ReferenceFile, string> = {
  v1: "npm run openapi builds it",
  v2: "npm run openapi builds it",
  redoc: "npm ci installs it",
};

const served: Partial<Record<ReferenceFile, (text: string) => string>> = { redoc: withoutThirdPartyRequests };

// In Lambda the bundle's root is the task root; anywhere else this module sits two folders below the project root.
const root = (): string => process.env.LAMBDA_TASK_ROOT ?? fileURLToPath(new URL("../../", import.meta.url));

const cache = new Map<ReferenceFile, { readonly modified: number; readonly content: ReferenceContent }>();

/**
 * A reference file as served, read (and compressed) again only when the file changed, so a document
 * rebuilt by `npm run openapi` is served without restarting the local stack.
 */
export const readReferenceFile = async (file: ReferenceFile): Promise<ReferenceContent> => {
  const path = join(root(), referenceFiles[file]);
  let modified: number;
  try {
    modified = (await stat(path)).mtimeMs;
  } catch {
    throw new MissingReferenceFileError(`${referenceFiles[file]} is missing: ${remedy[file]}`);
  }
  const cached = cache.get(file);
  if (cached?.modified === modified) return cached.content;
  const raw = await readFile(path, "utf8");
  const text = served[file]?.(raw) ?? raw;
  const content = { text, gzipped: gzipSync(text) };
  cache.set(file, { modified, content });
  return content;
};
