/** Listening on 127.0.0.1 (port 0) for test servers, and closing with every connection. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Starts `server` on a free loopback port; `close` drops open connections (streams, keep-alive) first. */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An IPv4 address of this machine that is not loopback (`eth0`'s…), for tests of what a server
 * does on a non-loopback listener; `undefined` on a machine with loopback only. Listeners bind
 * this address alone, not `0.0.0.0`, so nothing else is exposed.
 */
export function nonLoopbackAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return undefined;
}
