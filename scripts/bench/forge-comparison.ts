/**
 * The timing half of the forge benchmarks (`forge.bench.ts`, `forge-t024.bench.ts`): each case
 * forged and parsed by our codecs and by `@taquito/local-forging`, with hex text at the boundary
 * (Taquito's API) and with `Uint8Array` (ours, through the runtime's `decodeBytes`/`encodeBytes`), reported pair by pair with geometric means.
 */
import { localForger, type ForgeParams } from "@taquito/local-forging";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes, type Codec } from "../../runtime/index.ts";
import { benchPair, report, type BenchResult } from "./harness.ts";

/** One operation: its value, our bytes (hex), and the hex Taquito parses. */
export interface ForgeCase {
  name: string;
  value: unknown;
  ours: string;
  taquitoHex: string;
}

type Row = { label: string; ours: BenchResult; baseline: BenchResult };

function geometricMean(rows: readonly Row[], direction: string): number {
  const ratios = rows.filter((r) => r.label.startsWith(direction)).map((r) => r.ours.opsPerSecond / r.baseline.opsPerSecond);
  return Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
}

/** Times every case both ways against Taquito and prints the tables under `title`. */
export function compareWithTaquito(title: string, cases: readonly ForgeCase[], codec: Codec<unknown>): void {
  // Taquito's forge and parse return promises of work done synchronously; the promise is part of
  // its API cost, so it is kept (not awaited: nothing is pending).
  const pairs: Row[] = [];
  const native: Row[] = [];
  for (const c of cases) {
    const bytes = hexToBytes(c.ours);
    const value = c.value;
    const forge = { name: "taquito", fn: () => localForger.forge(value as ForgeParams) };
    const parse = { name: "taquito", fn: () => localForger.parse(c.taquitoHex) };
    pairs.push({ label: `encode ${c.name}`, ...benchPair({ name: "ours", fn: () => bytesToHex(encodeBytes(codec, value)) }, forge) });
    pairs.push({ label: `decode ${c.name}`, ...benchPair({ name: "ours", fn: () => decodeBytes(codec, hexToBytes(c.ours)) }, parse) });
    native.push({ label: `encode ${c.name}`, ...benchPair({ name: "ours", fn: () => encodeBytes(codec, value) }, forge) });
    native.push({ label: `decode ${c.name}`, ...benchPair({ name: "ours", fn: () => decodeBytes(codec, bytes) }, parse) });
  }
  report(title, pairs);
  report("Same, ours with Uint8Array in/out (no hex conversion)", native);
  console.log(`\n  geometric mean ratio, hex:        encode ${geometricMean(pairs, "encode").toFixed(2)}x   decode ${geometricMean(pairs, "decode").toFixed(2)}x`);
  console.log(`  geometric mean ratio, Uint8Array: encode ${geometricMean(native, "encode").toFixed(2)}x   decode ${geometricMean(native, "decode").toFixed(2)}x`);
}
