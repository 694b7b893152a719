import { codeId } from "../../shared/key-stock/code-id.js";
import { codeEnd, newKeyCodeItem } from "../../shared/key-stock/key-code-item.js";
import { accountService, categoryService } from "../../shared/runtime/dependencies.js";
import { keyStockKeys } from "../../shared/runtime/service-keys.js";
import { tableClient } from "../../shared/runtime/table.js";
import { seal } from "../../shared/secrets/sealed-box.js";
import { createBatchWriter } from "./batch-writer.js";
import { send, tokenOf } from "./bench-http.js";
import { billedWriteUnits } from "./capacity.js";
import { installCommandRecorder, startRecording, stopRecording } from "./command-recorder.js";
import type { PartOutcome } from "./part-outcome.js";
import { startQuietStack } from "./quiet-stack.js";
import { tallyOf } from "./request-rounds.js";
import { machine } from "./search.js";

/** Codes per upload: the most one call takes. */
const CODES = Number(process.env.BENCH_KEY_UPLOAD_CODES ?? 10_000);

const log = (message: string) => console.log(message);
const codesOf = (run: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${run}-${String(i).padStart(6, "0")}-XXXXX-YYYYY-ZZZZZ`);

/**
 * `npm run bench -- key-upload`: 10,000 codes uploaded to one product through its route (HTTP, the
 * handler, 99 codes per transaction with the product's count), and the same number of code items
 * written by a raw BatchWriteItem loop (25 per request, one request in flight, no condition, no count)
 * in the same run, on the same stack: DynamoDB requests, write units and wall time of each. The raw loop
 * is what the upload costs without its guarantees (each code once per seller, the count in the same
 * write); the ratio is their price.
 */
export const runKeyUploadBench = async (): Promise<PartOutcome> => {
  const quiet = await startQuietStack({ accountFirstRequests: true });
  const { stack, config } = quiet;
  installCommandRecorder();
  const failures: string[] = [];
  try {
    const seller = await accountService().create({
      name: "Key Bench Store",
      email: "keys@bench.example.com",
    });
    const v1 = await tokenOf(stack.url, seller.api_key, "v1");
    const categoryId = 101;
    await categoryService().create({ id: categoryId, name: "Game keys", slug: "game-keys" });
    const created = await send(stack.url, {
      method: "POST",
      path: "/api/v1/products",
      token: v1,
      body: {
        id_categories: categoryId,
        name: "Bench keys",
        meta_title: "Bench keys",
        meta_description: "Keys for the upload bench",
        tags: "bench",
        text_page: "Keys uploaded by the bench.",
        price: 100,
        count: 0,
        uuid: "bench-keys",
        features: "a,b,c",
      },
    });
    const productId = (created.body.data as { id?: string } | undefined)?.id;
    if (!productId) throw new Error(`product create failed: ${created.status}`);

    const codes = codesOf("UPLOAD", CODES);
    startRecording();
    const t0 = performance.now();
    const upload = await send(stack.url, {
      method: "POST",
      path: `/api/v1/products/keys/${productId}`,
      token: v1,
      body: { codes },
    });
    const uploadMs = performance.now() - t0;
    const uploadRecords = await stopRecording();
    const uploadTally = tallyOf(uploadRecords);
    const uploadUnits = await billedWriteUnits(tableClient(), config.tableName, uploadRecords);
    const added = (upload.body.data as { added?: number } | undefined)?.added;
    if (upload.status !== 200 || added !== CODES)
      failures.push(`upload: ${upload.status}, added ${added} of ${CODES}`);

    // The same items, raw: sealed and named as the upload does, written with no condition and no count.
    const keys = await keyStockKeys();
    const at = new Date().toISOString();
    const items = codesOf("RAW", CODES).map((code) =>
      newKeyCodeItem({
        sellerId: seller.seller_id,
        productId,
        id: codeId(keys.ids, seller.seller_id, code),
        sealed: seal(keys.sealing, code),
        end: codeEnd(code),
        uploadedAt: at,
      }),
    );
    const writer = createBatchWriter(tableClient(), config.tableName, 1);
    startRecording();
    const t1 = performance.now();
    for (const item of items) await writer.put(item);
    await writer.flush();
    const rawMs = performance.now() - t1;
    const rawRecords = await stopRecording();
    const rawTally = tallyOf(rawRecords);
    const rawUnits = await billedWriteUnits(tableClient(), config.tableName, rawRecords);

    const row = (name: string, tally: typeof uploadTally, units: number, ms: number) =>
      `| ${name} | ${tally.requests} | ${units} | ${(ms / 1000).toFixed(1)} s | ${Math.round(CODES / (ms / 1000))} |`;
    log(`\n${JSON.stringify(machine())}; ${CODES.toLocaleString("en-US")} codes each`);
    log("| Write | DynamoDB requests | Write units (billed) | Wall time | Codes/s |");
    log("|---|---:|---:|---:|---:|");
    log(
      row("POST /api/v1/products/keys/{id} (transactions of 99 + count)", uploadTally, uploadUnits, uploadMs),
    );
    log(row("Raw BatchWriteItem loop (25 per request, no condition)", rawTally, rawUnits, rawMs));
    log(
      `time ratio ${(uploadMs / rawMs).toFixed(2)}, plan of the upload: ${uploadTally.plan.slice(0, 3).join(" → ")} …`,
    );
    return { failures, missed: [] };
  } finally {
    await quiet.stop();
  }
};
