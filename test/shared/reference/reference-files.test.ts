import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REDOCLY_LOGO_URL } from "../../../shared/reference/redoc-script.js";
import {
  MissingReferenceFileError,
  readReferenceFile,
  referenceFiles,
} from "../../../shared/reference/reference-files.js";

let taskRoot: string;

beforeEach(() => {
  taskRoot = mkdtempSync(join(tmpdir(), "reference-files-"));
  process.env.LAMBDA_TASK_ROOT = taskRoot;
});

afterEach(() => {
  delete process.env.LAMBDA_TASK_ROOT;
  rmSync(taskRoot, { recursive: true, force: true });
});

const place = (relativePath: string, text: string, modified: Date) => {
  const path = join(taskRoot, relativePath);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, modified, modified);
};

describe("readReferenceFile", () => {
  it("reads from the Lambda task root, at the file's path relative to the project root, with its gzipped bytes", async () => {
    place(referenceFiles.v1, '{"openapi":"3.1.0"}', new Date(1_000_000));
    const content = await readReferenceFile("v1");
    expect(content.text).toBe('{"openapi":"3.1.0"}');
    expect(gunzipSync(content.gzipped).toString()).toBe('{"openapi":"3.1.0"}');
  });

  it("reads a file again when it changed (a rebuilt document), and not while it is unchanged", async () => {
    place(referenceFiles.v2, '{"v":1}', new Date(2_000_000));
    expect((await readReferenceFile("v2")).text).toBe('{"v":1}');
    // Same modification time: the cached content is served, not the bytes now on disk.
    place(referenceFiles.v2, '{"v":2}', new Date(2_000_000));
    expect((await readReferenceFile("v2")).text).toBe('{"v":1}');
    place(referenceFiles.v2, '{"v":3}', new Date(3_000_000));
    expect((await readReferenceFile("v2")).text).toBe('{"v":3}');
  });

  it("serves Redoc's script without Redocly's CDN logo", async () => {
    place(referenceFiles.redoc, `a("${REDOCLY_LOGO_URL}");b("${REDOCLY_LOGO_URL}")`, new Date(4_000_000));
    expect((await readReferenceFile("redoc")).text).toBe('a("data:,");b("data:,")');
  });

  it("a missing file is a MissingReferenceFileError that names the file and what builds it", async () => {
    await expect(readReferenceFile("v1")).rejects.toThrow(
      new MissingReferenceFileError("docs/openapi/v1.json is missing: npm run openapi builds it"),
    );
    await expect(readReferenceFile("redoc")).rejects.toThrow(
      new MissingReferenceFileError(
        "node_modules/redoc/bundles/redoc.standalone.js is missing: npm ci installs it",
      ),
    );
  });

  it("outside Lambda reads the project's own files", async () => {
    delete process.env.LAMBDA_TASK_ROOT;
    expect((await readReferenceFile("v2")).text).toBe(readFileSync(referenceFiles.v2, "utf8"));
  });
});
