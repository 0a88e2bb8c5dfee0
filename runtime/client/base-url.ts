/**
 * The base URL of a client: absolute (`http://localhost:8732`, `https://host/tezos/rpc`), or
 * relative (`/rpc`) in a browser page, where it is resolved against the page's address
 * (`globalThis.location`) as `fetch` would resolve it. Resolved once, when the client is made.
 */
import { BaseUrlError } from "./errors.ts";

/** The base URL as text without its trailing slashes, ready to have paths appended. */
export function resolveBaseUrl(baseUrl: string | URL): string {
  const given = String(baseUrl);
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    // Relative: only meaningful where there is a page to be relative to.
    const page = (globalThis as { location?: { href?: unknown } }).location?.href;
    if (typeof page !== "string") {
      throw new BaseUrlError(given, "it is relative and there is no page address (globalThis.location) to resolve it against; give an absolute URL such as http://localhost:8732");
    }
    try {
      parsed = new URL(given, page);
    } catch {
      throw new BaseUrlError(given, `it is not a URL, even relative to the page address ${page}`);
    }
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new BaseUrlError(given, `its scheme is ${parsed.protocol} (http: or https: expected)`);
  if (parsed.search !== "" || parsed.hash !== "") throw new BaseUrlError(given, "it must not have a query string or a fragment");
  return parsed.href.replace(/\/+$/, "");
}
