/**
 * Addresses and points as Octez prints them: Octez keeps every address as IPv6, so an IPv4
 * address is the mapped `::ffff:a.b.c.d` where an address stands alone (greylists, connection
 * ids `{addr, port}`), and a point prints it back as `a.b.c.d:port` (`[v6]:port` otherwise).
 */
import { isIPv4, isIPv6 } from "node:net";

/** Octez's default peer-to-peer port. */
export const DEFAULT_P2P_PORT = 9732;

export interface Point {
  /** Host as given: an IP address, or a name (configuration files may give one). */
  readonly host: string;
  readonly port: number;
}

/** `addr[:port]`, `[v6][:port]` or `name[:port]`; undefined when it is none of them. */
export function parsePoint(text: string, defaultPort = DEFAULT_P2P_PORT): Point | undefined {
  let host = text;
  let port: string | undefined;
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (v6) {
    host = v6[1]!;
    port = v6[2];
    if (!isIPv6(host)) return undefined;
  } else {
    const m = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(text);
    if (!m) return isIPv6(text) ? { host: text, port: defaultPort } : undefined;
    host = m[1]!;
    port = m[2];
  }
  const n = port === undefined ? defaultPort : Number(port);
  return n <= 65535 ? { host, port: n } : undefined;
}

/** The address Octez keeps for a host: IPv4 mapped into IPv6. */
export function addressOf(host: string): string {
  if (isIPv4(host)) return `::ffff:${host}`;
  return isIPv6(host) ? host.toLowerCase() : host;
}

/** How a point prints: `a.b.c.d:port` for IPv4 (mapped or not), `[v6]:port`, `name:port`. */
export function pointText(host: string, port: number): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
  if (mapped) return `${mapped[1]}:${port}`;
  return isIPv6(host) ? `[${host.toLowerCase()}]:${port}` : `${host}:${port}`;
}

/** The canonical text of a point given as text (the key of the points table). */
export function canonicalPoint(text: string): string | undefined {
  const p = parsePoint(text);
  return p && pointText(p.host, p.port);
}
