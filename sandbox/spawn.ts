/**
 * Runs `tezos-rpcgen serve` in a child process and waits for the address it prints: for
 * benchmarks that keep the node off the load generator's event loop, and for tests that kill
 * the node (SIGKILL) to check what survives.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../bin/tezos-rpcgen.js", import.meta.url));

export interface SpawnedSandbox {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `tezos-rpcgen serve --port 0 …args`; rejects if it exits before listening, or is not
 * listening within `timeoutMs` (then it is killed).
 */
export async function spawnSandbox(args: readonly string[] = [], timeoutMs = 60_000): Promise<SpawnedSandbox> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  let timer: NodeJS.Timeout | undefined;
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code, signal) => reject(new Error(`tezos-rpcgen serve exited (${code ?? signal}) before listening`)));
    timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`tezos-rpcgen serve was not listening after ${timeoutMs} ms`));
    }, timeoutMs);
  }).finally(() => clearTimeout(timer));
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
