import type { RouteDefinition } from "../../shared/http/routes.js";
import type { TestSeller } from "../support/catalogue.js";
import { type JsonResponse, request } from "../support/http.js";
import type { RouteFixture } from "./route-fixture.js";
import type { SecurityWorld } from "./security-world.js";

/** A multipart/form-data body as bytes with its boundary header, as `fetch` would encode it. */
export const encodeForm = async (form: FormData): Promise<{ body: Uint8Array; contentType: string }> => {
  const encoded = new Request("http://form.invalid/", { method: "POST", body: form });
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? "",
  };
};

/** The world account whose resources a route's requests address. */
export const ownerOf = (fixture: RouteFixture, world: SecurityWorld): TestSeller | undefined =>
  fixture.owner === "seller" ? world.seller : fixture.owner === "reseller" ? world.reseller : undefined;

/**
 * Sends the fixture's request on the owner's resource (path, JSON body or upload) with this
 * Authorization header, or none.
 */
export const sendOwnersRequest = async (
  route: RouteDefinition,
  fixture: RouteFixture,
  world: SecurityWorld,
  authorization: string | undefined,
): Promise<JsonResponse> => {
  const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
  let body: string | Uint8Array | undefined;
  if (fixture.form) {
    const encoded = await encodeForm(fixture.form(world));
    headers["Content-Type"] = encoded.contentType;
    body = encoded.body;
  } else if (fixture.body) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(fixture.body(world));
  }
  return request(route.method, fixture.path(world), { headers, ...(body === undefined ? {} : { body }) });
};
