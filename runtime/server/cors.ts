/**
 * CORS as an Octez node applies it (octez-http.md §10). With no allowed origin there is no CORS
 * processing at all. Otherwise requests other than `OPTIONS` must carry a `Host` that matches an
 * allowed origin (the node compares `Host`, not `Origin`), answers carry
 * `Access-Control-Allow-Origin` for a matching `Origin`, and `OPTIONS` is a preflight.
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
  /** Whether a non-preflight request with this `Host` passes the host check. */
  hostAllowed(host: string | undefined): boolean;
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
    hostAllowed: (host) => (host === undefined ? origins.includes("*") : origins.some((o) => matchesOrigin(o, host))),
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
