import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { ImageStorage } from "../images/image-storage.js";
import { instrumented } from "./instrumented-client.js";

/** Images in an S3 bucket, served from `publicBaseUrl` (the CDN in AWS, the emulator locally). */
export const createS3ImageStorage = (options: {
  bucket: string;
  publicBaseUrl: string;
  forcePathStyle?: boolean;
  client?: S3Client;
}): ImageStorage => {
  const client =
    options.client ?? instrumented(new S3Client({ forcePathStyle: options.forcePathStyle ?? false }));
  const base = options.publicBaseUrl.replace(/\/+$/, "");
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // Keys are never reused (a new image gets a new key), so the CDN may cache forever.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      return `${base}/${key}`;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
};
