/**
 * `tezos-rpcgen rpc METHOD PATH [BODY|@FILE|-] --node URL`: one call to a node through the
 * runtime's HTTP client, the counterpart of `octez-client rpc get/post/…`. The route comes from
 * the snapshot (`--spec`), which validates and decodes the answer; a stream prints one compact
 * JSON value per line. Without `--spec`, a path the shell snapshot lacks (a block's protocol
 * routes, the mempool) is looked up in the node's own interface, captured whole. A redirect to
 * another host is refused unless `--follow-redirects`.
 */

import type { Command } from "commander";
import { CliError } from "../errors.ts";
import { loadSpec, withSpecOptions, type InspectIo } from "../spec-source.ts";
import { readValueArgument, standardInput } from "../value-input.ts";
import { interpretedBinaryBodies, matchRoute } from "../rpc-route.ts";
import { RedirectRefusedError, TooManyRedirectsError, redirectPolicyFetch } from "../../describe/redirects.ts";
import { CodecError, ElementTooLargeError, FramingError, HttpTransport, MediaTypeError, PathError, QueryStringError, RpcError, TransportError, ValidationError, formatErrorTrace, isErrorTrace, parseQueryString, type MediaType } from "@tezos-rpcgen/runtime";
import type { CliContext } from "../io.ts";

interface RpcOptions {
  node?: string;
  media?: string;
  spec?: string;
  prefix?: string;
  limit?: string;
  timeout?: string;
  followRedirects?: boolean;
  maxSize?: number;
}

/** Where the command writes; tests collect the lines. */
export interface RpcIo extends InspectIo {
  write?: (text: string) => void;
  /** Where a followed redirect is noted (default the process's stderr). */
  note?: (text: string) => void;
}

const MEDIA: Readonly<Record<string, MediaType>> = { json: "application/json", binary: "application/octet-stream" };

function positiveInteger(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new CliError(`${option} takes a positive integer, not ${JSON.stringify(text)}`, 2);
  return Number(text);
}

/** The query arguments written in PATH, checked against the route (undeclared keys are refused). */
function queryArguments(route: ReturnType<typeof matchRoute>["route"], search: string): Record<string, unknown> {
  const parsed = parseQueryString(route.query, search);
  const declared = new Set(route.query.map((q) => q.name));
  for (const part of search.split("&")) {
    const key = decodeURIComponent(part.split("=", 1)[0]!);
    if (part !== "" && !declared.has(key)) {
      throw new CliError(`${route.operation} declares no query argument '${key}' (it declares ${declared.size === 0 ? "none" : [...declared].map((d) => `'${d}'`).join(", ")})`, 2);
    }
  }
  // Absent arguments are left out, so the request carries only what PATH carried.
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0)));
}

/** Runs the command; resolves when the answer (or the stream, or `--limit` values) was printed. */
export async function runRpc(method: string, target: string, body: string | undefined, options: RpcOptions, io: RpcIo = {}): Promise<void> {
  const write = io.write ?? ((text: string) => process.stdout.write(text));
  const note = io.note ?? ((text: string) => process.stderr.write(text));
  if (options.node === undefined) throw new CliError("--node URL is required (the node to call, e.g. http://localhost:8732)", 2);
  const mediaType = MEDIA[options.media ?? "json"];
  if (!mediaType) throw new CliError(`--media takes json or binary, not ${JSON.stringify(options.media)}`, 2);
  const limit = positiveInteger(options.limit, "--limit");
  const timeoutMs = positiveInteger(options.timeout, "--timeout");
  if (!target.startsWith("/")) throw new CliError(`PATH must start with /, not ${JSON.stringify(target)}`, 2);
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 ? "" : target.slice(queryAt + 1);

  const specOptions = { ...options, timeout: timeoutMs };
  let spec = io.spec ?? (await loadSpec(specOptions));
  let matched: ReturnType<typeof matchRoute>;
  try {
    matched = matchRoute(spec, method, path);
  } catch (error) {
    // The shell snapshot has no protocol routes: the node's own interface has them.
    if (io.spec !== undefined || options.spec !== undefined) throw error;
    spec = await loadSpec({ ...specOptions, spec: options.node });
    matched = matchRoute(spec, method, path);
  }
  const { entry, route, path: pathArgs } = matched;
  let input: unknown;
  if (route.input) {
    if (body === undefined) throw new CliError(`${route.operation} takes a body: give it as JSON text, @FILE or - (standard input)`, 2);
    const text = new TextDecoder().decode((await readValueArgument(body, io.stdin, options.maxSize)).bytes);
    try {
      input = JSON.parse(text);
    } catch (error) {
      throw new CliError(`the body is not JSON: ${(error as Error).message}`, 2);
    }
  } else if (body !== undefined) {
    throw new CliError(`${route.operation} takes no body`, 2);
  }

  try {
    const query = queryArguments(route, search);
    const fetch = redirectPolicyFetch({ followRedirects: options.followRedirects === true, onRedirect: (from, to) => note(`note: ${from} redirected to ${to}\n`) });
    const transport = new HttpTransport({ baseUrl: options.node, binary: interpretedBinaryBodies(spec, entry), fetch, ...(timeoutMs ? { timeoutMs } : {}) });
    const request = { path: pathArgs, query: query as never, mediaType, ...(route.input ? { body: input } : {}) };
    const streams = route.streaming === "always" || (typeof route.streaming === "object" && query[route.streaming.whenFlag] === true);
    if (!streams) {
      const value = await transport.call(route, request);
      if (value !== undefined) write(`${JSON.stringify(value, null, 2)}\n`);
      return;
    }
    let count = 0;
    for await (const value of transport.stream(route, request)) {
      write(`${JSON.stringify(value)}\n`);
      if (limit !== undefined && ++count >= limit) break;
    }
  } catch (error) {
    throw asCliError(error);
  }
}

/** Exit 1 for a node's error or an answer that does not fit the snapshot; 2 when the call could not be made. */
function asCliError(error: unknown): unknown {
  if (error instanceof RpcError) {
    const trace = error.trace !== undefined ? `\n${isErrorTrace(error.trace) ? formatErrorTrace(error.trace) : JSON.stringify(error.trace)}` : "";
    const text = error.text !== undefined ? `\n${error.text.trim()}` : "";
    const allow = error.allow ? ` (allowed: ${error.allow.join(", ")})` : "";
    return new CliError(`the node answered ${error.status} to ${error.method} ${error.url}${allow}${trace}${text}`, 1);
  }
  if (error instanceof TransportError || error instanceof RedirectRefusedError || error instanceof TooManyRedirectsError) return new CliError(error.message, 2);
  if (error instanceof QueryStringError || error instanceof PathError || error instanceof MediaTypeError) return new CliError(error.message, 2);
  if (error instanceof CodecError || error instanceof ValidationError || error instanceof FramingError || error instanceof ElementTooLargeError) {
    return new CliError(`the node's answer does not fit the snapshot: ${error.message}`, 1);
  }
  if (error instanceof TypeError && /URL/i.test(error.message)) return new CliError(`--node: ${error.message}`, 2);
  return error;
}

export function registerRpc(program: Command, { io }: CliContext): void {
  withSpecOptions(
    program
      .command("rpc")
      .argument("<method>", "GET, POST, PUT, PATCH or DELETE")
      .argument("<path>", "the path, with its query string if any: /chains/main/blocks?length=1")
      .argument("[body]", "the request body: JSON text, @FILE or - (standard input)")
      .description("call a node: the answer is validated and decoded with the snapshot's route and printed as JSON; a stream prints one value per line"),
  )
    .requiredOption("--node <url>", "the node's address, with a path prefix if any: http://localhost:8732")
    .option("--media <json|binary>", "media type of the request and the answer (default json)")
    .option("--limit <n>", "stop a stream after n values")
    .option("--timeout <ms>", "give up when the answer has not come (for a stream: started) within ms milliseconds")
    .addHelpText(
      "after",
      `
Exit codes: 0 success; 1 the node answered with an error (status and trace on stderr) or with
an answer that does not fit the snapshot; 2 the call could not be made (unreachable, refused,
timeout, unknown route, bad arguments).

Examples:
  $ tezos-rpcgen rpc GET /chains/main/chain_id --node http://localhost:8732
  $ tezos-rpcgen rpc GET /chains/main/blocks/head/header --node http://localhost:8732   # route from the node's own interface
  $ tezos-rpcgen rpc GET '/chains/main/blocks?length=1' --node http://localhost:8732 --media binary
  $ tezos-rpcgen rpc GET /monitor/heads/main --node http://localhost:8732 --limit 3
  $ tezos-rpcgen rpc POST /injection/operation '"<hex>"' --node http://localhost:8732`,
    )
    .action(async (method: string, path: string, body: string | undefined, options: RpcOptions) => {
      await runRpc(method, path, body, options, {
        write: (text) => io.stdout.write(text),
        note: (text) => io.stderr.write(text),
        stdin: standardInput(io.stdin, options.maxSize),
      });
    });
}
