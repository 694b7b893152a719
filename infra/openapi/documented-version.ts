/** The API versions that get a document; the payment callback belongs to neither API. */
export type DocumentedVersion = "v1" | "v2";
