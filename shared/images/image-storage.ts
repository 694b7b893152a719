/** Where images live; the S3 adapter implements it, and tests may use any other. */
export interface ImageStorage {
  /** Stores an image under `key`; returns its public URL. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Removes an image; a missing key is not an error. */
  remove(key: string): Promise<void>;
}
