/**
 * Redirects met while reading a node. `fetch` follows them silently, so a `302` to another host
 * would hand over that host's tree under the first URL's name (a snapshot attributed to the
 * wrong node, a drift check against the wrong interface saying "no drift"). Here a redirect
 * within the same origin (scheme, host and port) is followed; one to another origin is refused
 * with a {@link RedirectRefusedError} unless the caller asked to follow it (`--follow-redirects`).
 * The final URL is the answer's `url`, for the caller to record.
 */

/** A redirect to another origin that the caller did not allow. */
export class RedirectRefusedError extends Error {
  override readonly name = "RedirectRefusedError";
  constructor(
    /** The URL that answered with the redirect. */
    readonly from: string,
    /** Where it pointed. */
    readonly to: string,
  ) {
    super(`${from} redirects to another origin, ${to}; not followed (pass --follow-redirects to follow it)`);
  }
}

/** Too many redirects in a row (a loop). */
export class TooManyRedirectsError extends Error {
  override readonly name = "TooManyRedirectsError";
  constructor(readonly url: string) {
    super(`${url}: more than ${MAX_REDIRECTS} redirects in a row`);
  }
}

const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface RedirectPolicy {
  /** Follow redirects to other origins too (default false: refuse them). */
  followRedirects?: boolean;
  /** Told of every redirect followed. */
  onRedirect?: (from: string, to: string) => void;
  /** The `fetch` to wrap (default the global one). */
  fetch?: typeof fetch;
}

/**
 * A `fetch` that follows redirects by the policy above. The answer it returns is the final one;
 * its `url` is where it came from. 303 (and 301/302 after a non-GET, as browsers do) becomes a
 * bodiless GET; 307 and 308 repeat the request.
 */
export function redirectPolicyFetch(policy: RedirectPolicy = {}): typeof fetch {
  const inner = policy.fetch ?? fetch;
  return async (input, init) => {
    let url = input instanceof Request ? input.url : String(input);
    let request: RequestInit = { ...init, redirect: "manual" };
    for (let hops = 0; ; hops++) {
      const response = await inner(url, request);
      const location = response.headers.get("location");
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hops === MAX_REDIRECTS) throw new TooManyRedirectsError(url);
      const target = new URL(location, url);
      if (target.origin !== new URL(url).origin && !policy.followRedirects) throw new RedirectRefusedError(url, target.href);
      policy.onRedirect?.(url, target.href);
      const method = (request.method ?? "GET").toUpperCase();
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method !== "GET" && method !== "HEAD")) {
        const { body: _body, ...rest } = request;
        request = { ...rest, method: "GET" };
      }
      url = target.href;
    }
  };
}
