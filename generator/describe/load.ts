/**
 * Getting a describe tree: from a file (a saved answer or a snapshot) or from a live node.
 *
 * A live node is asked `GET <url>/describe?recurse=yes` (or `/describe/<prefix>?recurse=yes`
 * for a dynamic directory), with `Accept: application/json` and a timeout. Failures are
 * {@link DescribeLoadError}s that say what happened: a node listening on a public address
 * refuses `/describe` with 401/403 under its default RPC ACL, a 404 means the path does not
 * exist (or names a directory without services), and a slow node is cut off after the timeout.
 */
import { readFileSync } from "node:fs";
import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, decodeText, readBodyText } from "./body.ts";
import { DescribeLoadError } from "./errors.ts";
import { RedirectRefusedError, TooManyRedirectsError, redirectPolicyFetch } from "./redirects.ts";
import { readDescribeTree, type DescribedTree, type ReadDescribeOptions } from "./read.ts";

export interface LoadDescribeOptions {
  /** Milliseconds to wait for a node's complete answer. Default 30 000. */
  timeoutMs?: number;
  /** For URLs: describe this concrete path instead of the root (`["chains","main","mempool"]`). */
  prefix?: readonly string[];
  /** The fetch implementation (tests, proxies). Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Largest answer accepted from a node, in bytes. Default {@link DEFAULT_MAX_BODY_BYTES}. */
  maxBytes?: number;
  /** Follow a redirect to another origin. Default false: refused (see `redirects.ts`). */
  followRedirects?: boolean;
}

/** What {@link loadDescribeSource} read. */
export interface LoadedDescribe {
  /** The file path or node URL as given. */
  source: string;
  kind: "file" | "url";
  /** For a node: the exact URL that was fetched. */
  url?: string;
  /** The bytes received, as text. */
  text: string;
  /** The parsed JSON (not yet validated: see `readDescribeTree`). */
  json: unknown;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function isUrlSource(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** `<base>/describe[/<prefix>]?recurse=yes`, with the prefix segments percent-encoded. */
export function describeUrl(base: string, prefix: readonly string[] = []): string {
  const root = base.replace(/\/+$/, "");
  return `${root}/describe${prefix.map((s) => "/" + encodeURIComponent(s)).join("")}?recurse=yes`;
}

function parse(source: string, text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new DescribeLoadError(source, `not valid JSON (${(error as Error).message})`, undefined, { cause: error });
  }
}

function statusProblem(status: number, statusText: string, body: string): string {
  const excerpt = body.trim().slice(0, 200);
  const detail = excerpt === "" ? "" : `: ${excerpt}`;
  switch (status) {
    case 401:
    case 403:
      return `the node refused access (HTTP ${status} ${statusText}); its RPC ACL does not allow /describe for this client (Octez allows it by default only on loopback addresses; see --allow-all-rpc)${detail}`;
    case 404:
      return `not found (HTTP 404); the path does not exist on this node or names a directory without services${detail}`;
    default:
      return `HTTP ${status} ${statusText}${detail}`;
  }
}

/** GETs a URL as text with a timeout; every failure becomes a {@link DescribeLoadError}. */
async function fetchText(source: string, url: string, options: LoadDescribeOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = redirectPolicyFetch({ followRedirects: options.followRedirects ?? false, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await doFetch(url, { headers: { accept: "application/json" }, signal: controller.signal });
    const body = await readBodyText(response, options.maxBytes ?? DEFAULT_MAX_BODY_BYTES);
    if (response.status !== 200) throw new DescribeLoadError(source, statusProblem(response.status, response.statusText, body), response.status);
    return body;
  } catch (error) {
    if (error instanceof DescribeLoadError) throw error;
    if (error instanceof RedirectRefusedError || error instanceof TooManyRedirectsError) throw new DescribeLoadError(source, error.message, undefined, { cause: error });
    if (error instanceof BodyTooLargeError) throw new DescribeLoadError(source, `${url}: ${error.message}`, undefined, { cause: error });
    if (controller.signal.aborted) {
      throw new DescribeLoadError(source, `no complete answer from ${url} within ${timeoutMs} ms`, undefined, { cause: error });
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new DescribeLoadError(source, `request to ${url} failed (${reason})`, undefined, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a describe answer or snapshot from a file path, or fetches one from a node URL
 * (`http://…` or `https://…`). Returns the text and the parsed JSON.
 */
export async function loadDescribeSource(source: string, options: LoadDescribeOptions = {}): Promise<LoadedDescribe> {
  if (isUrlSource(source)) {
    const url = describeUrl(source, options.prefix);
    const text = await fetchText(source, url, options);
    return { source, kind: "url", url, text, json: parse(source, text) };
  }
  let text: string;
  try {
    // Read in one blocking call: the asynchronous read goes through the thread pool several
    // times (in chunks), which for a file of a few megabytes takes longer than the read itself,
    // and nothing else on this thread waits meanwhile.
    text = decodeText(readFileSync(source));
  } catch (error) {
    const code = (error as { code?: string }).code;
    const problem = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (error as Error).message;
    throw new DescribeLoadError(source, problem, undefined, { cause: error });
  }
  return { source, kind: "file", text, json: parse(source, text) };
}

/**
 * Loads and reads in one step (see {@link loadDescribeSource} and `readDescribeTree`).
 * `load.prefix` is the concrete path asked of a node (`["chains","main","mempool"]`);
 * `read.prefix` is the route the answer is rooted at (`["chains", <chain_id>, "mempool"]`).
 */
export async function loadServiceTree(
  source: string,
  options: { load?: LoadDescribeOptions; read?: ReadDescribeOptions } = {},
): Promise<DescribedTree & { loaded: LoadedDescribe }> {
  const loaded = await loadDescribeSource(source, options.load);
  return { ...readDescribeTree(loaded.json, options.read), loaded };
}

