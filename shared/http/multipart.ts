import { Busboy } from "@fastify/busboy";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";

/** An uploaded file, read whole. */
export interface UploadedFile {
  readonly filename: string;
  readonly declaredType: string;
  readonly bytes: Buffer;
  /** True when the file was larger than the limit and was cut off. */
  readonly truncated: boolean;
}

/** A multipart/form-data body: its text fields and its files by field name. */
export interface MultipartForm {
  readonly fields: Record<string, string>;
  readonly files: Record<string, UploadedFile>;
}

/** Reads a buffered multipart/form-data body; anything unreadable is a 400. */
export const parseMultipart = (
  contentType: string | undefined,
  body: Buffer | undefined,
  limits: { fileSize: number },
): Promise<MultipartForm> =>
  new Promise((resolve, reject) => {
    if (!contentType?.toLowerCase().startsWith("multipart/form-data") || !body) {
      reject(refuse(refusals.notMultipart));
      return;
    }
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        limits: { fileSize: limits.fileSize, files: 5, fields: 20, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(refuse(refusals.badMultipart));
      return;
    }
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream, filename, _encoding, mimeType) => {
      const chunks: Buffer[] = [];
      // A body cut off inside a file errors on the file's stream; unheard, that error would end the process.
      stream.on("error", () => reject(refuse(refusals.badMultipart)));
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        files[name] = {
          filename,
          declaredType: mimeType,
          bytes: Buffer.concat(chunks),
          truncated: stream.truncated,
        };
      });
    });
    parser.on("finish", () => resolve({ fields, files }));
    parser.on("error", () => reject(refuse(refusals.badMultipart)));
    parser.end(body);
  });
