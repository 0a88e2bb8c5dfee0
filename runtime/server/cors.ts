/**
 * CORS as an Octez node applies it (octez-http.md §10), with one deliberate difference. With no
 * allowed origin there is no CORS processing at all. Otherwise answers carry
 * `Access-Control-Allow-Origin` for a matching `Origin`, `OPTIONS` is a preflight, and a
 * request other than `OPTIONS` whose `Origin` matches no allowed origin gets 403.
 *
 * *Deviation*: resto compares the `Host` header with the allowed origins, so an origin such as
 * `http://localhost:3000` (what a browser app is, and what `--cors-origin` is given) never
 * matches a `Host` such as `127.0.0.1:8732` and every request is refused. The origin a browser
 * calls from is in `Origin`, so that is what is compared; a request without `Origin` (not from
 * a browser page) is not a cross-origin request and passes.
 */

/** CORS settings: the node's `cors-origin` and `cors-headers`. */
export interface CorsOptions {
  /** Allowed origins; `*` allows all. Empty or absent: no CORS processing. */
  readonly origins?: readonly string[];
  /** Headers listed in `Access-Control-Allow-Headers`; `Content-Type` is always added. */
  readonly headers?: readonly string[];
}

/** The CORS behaviour of one server. */
export interface Cors {
  readonly enabled: boolean;
  /** Whether a non-preflight request with this `Origin` header passes the origin check. */
  originAllowed(origin: string | undefined): boolean;
  /** The `Access-Control-Allow-Origin` value for this `Origin`, if any. */
  allowOrigin(origin: string | undefined): string | undefined;
  /** The `Access-Control-Allow-Headers` value. */
  readonly allowHeaders: string;
}

function matchesOrigin(allowed: string, value: string): boolean {
  return allowed === "*" || allowed === value || value.startsWith(allowed + "/");
}

export function compileCors(options: CorsOptions = {}): Cors {
  const origins = options.origins ?? [];
  const headers = [...(options.headers ?? [])];
  if (!headers.some((h) => h.toLowerCase() === "content-type")) headers.push("Content-Type");
  return {
    enabled: origins.length > 0,
    originAllowed: (origin) => origin === undefined || origins.some((o) => matchesOrigin(o, origin)),
    allowOrigin(origin) {
      if (origin === undefined) return undefined;
      // The longest matching allowed origin is sent, which may be `*`.
      let best: string | undefined;
      for (const o of origins) if (matchesOrigin(o, origin) && (best === undefined || o.length > best.length)) best = o;
      return best;
    },
    allowHeaders: headers.join(", "),
  };
}
