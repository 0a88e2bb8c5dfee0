/**
 * The accounts a Tallinn sandbox chain starts with: Octez's sandbox bootstrap accounts
 * (`src/proto_024_PtTALLiN/lib_parameters/default_parameters.ml`: the five `bootstrap_accounts`
 * keys, each with `bootstrap_balance` = 4 000 000 tez, every one its own delegate), or the
 * `bootstrap_accounts` of an Octez protocol parameters file.
 *
 * The secret keys are the well-known ones of Octez's sandbox client scripts
 * (`octez-client import secret key bootstrap1 unencrypted:edsk3gUf…`): test keys, published
 * everywhere, never to hold real funds.
 */
import { publicKeyHashOf, KeyError, TALLINN_KEY_HASH_KINDS } from "./keys.ts";
import { readAnyBase58Check, isBase58Problem } from "@tezos-rpcgen/runtime";

/** A bootstrap account: its key (when known: a bare key hash starts unrevealed), balance in mutez. */
export interface BootstrapAccount {
  readonly publicKeyHash: string;
  /** Revealed at genesis when given. */
  readonly publicKey?: string;
  readonly balance: bigint;
  /** Its delegate (Octez: a bootstrap account with a key is its own delegate, a baker). */
  readonly delegate?: string;
}

/** Octez's sandbox `bootstrap_balance`: 4 000 000 tez. */
export const BOOTSTRAP_BALANCE = 4_000_000_000_000n;

/** Octez's sandbox bootstrap keys, with their well-known secret keys (for tests and examples). */
export const BOOTSTRAP_KEYS = Object.freeze({
  bootstrap1: { publicKey: "edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav", secretKey: "edsk3gUfUPyBSfrS9CCgmCiQsTCHGkviBDusMxDJstFtojtc1zcpsh", publicKeyHash: "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx" },
  bootstrap2: { publicKey: "edpktzNbDAUjUk697W7gYg2CRuBQjyPxbEg8dLccYYwKSKvkPvjtV9", secretKey: "edsk39qAm1fiMjgmPkw1EgQYkMzkJezLNewd7PLNHTkr6w9XA2zdfo", publicKeyHash: "tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN" },
  bootstrap3: { publicKey: "edpkuTXkJDGcFd5nh6VvMz8phXxU3Bi7h6hqgywNFi1vZTfQNnS1RV", secretKey: "edsk4ArLQgBTLWG5FJmnGnT689VKoqhXwmDPBuGx3z4cvwU9MmrPZZ", publicKeyHash: "tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU" },
  bootstrap4: { publicKey: "edpkuFrRoDSEbJYgxRtLx2ps82UdaYc1WwfS9sE11yhauZt5DgCHbU", secretKey: "edsk2uqQB9AY4FvioK2YMdfmyMrer5R8mGFyuaLLFfSRo8EoyNdht3", publicKeyHash: "tz1b7tUupMgCNw2cCLpKTkSD1NZzB5TkP2sv" },
  bootstrap5: { publicKey: "edpkv8EUUH68jmo3f7Um5PezmfGrRF24gnfLpH3sVNwJnV5bVCxL2n", secretKey: "edsk4QLrcijEffxV31gGdN2HU7UpyJjA8drFoNcmnB28n89YjPNRFm", publicKeyHash: "tz1ddb9NMYHZi5UzPdzTZMYQQZoMub195zgv" },
});

/** A bootstrap account made from a public key: revealed, funded, its own delegate. */
function fromPublicKey(publicKey: string, balance: bigint): BootstrapAccount {
  const publicKeyHash = publicKeyHashOf(publicKey);
  return { publicKeyHash, publicKey, balance, delegate: publicKeyHash };
}

/** Octez's default sandbox accounts: bootstrap1 … bootstrap5. */
export const DEFAULT_BOOTSTRAP_ACCOUNTS: readonly BootstrapAccount[] = Object.freeze(
  Object.values(BOOTSTRAP_KEYS).map((k) => fromPublicKey(k.publicKey, BOOTSTRAP_BALANCE)),
);

/** A protocol parameters file that cannot be read; `where` is the JSON path of the fault. */
export class ParametersError extends Error {
  override name = "ParametersError";
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(`invalid protocol parameters: ${where}: ${message}`);
  }
}

/**
 * The `bootstrap_accounts` of an Octez protocol parameters file (`--protocol-parameters` /
 * `sandbox-parameters.json`): each `[public_key, amount]` (revealed, its own delegate) or
 * `[public_key_hash, amount]` (unrevealed, no delegate), amount in mutez as a decimal string.
 * Octez's `{public_key?, public_key_hash?, amount, delegate?}` object form is read as well.
 */
export function bootstrapAccountsOf(parameters: unknown, where = "parameters"): BootstrapAccount[] {
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) throw new ParametersError(where, "must be an object");
  const list = (parameters as Record<string, unknown>)["bootstrap_accounts"];
  if (list === undefined) return [...DEFAULT_BOOTSTRAP_ACCOUNTS];
  if (!Array.isArray(list)) throw new ParametersError(`${where}.bootstrap_accounts`, "must be an array");
  return list.map((entry, i) => bootstrapAccountOf(entry, `${where}.bootstrap_accounts[${i}]`));
}

function amountOf(value: unknown, where: string): bigint {
  if (typeof value !== "string" || !/^(0|[1-9][0-9]*)$/.test(value)) throw new ParametersError(where, `must be an amount in mutez (a decimal string), got ${JSON.stringify(value)}`);
  return BigInt(value);
}

function keyHashOf(value: unknown, where: string): string {
  if (isBase58Problem(readAnyBase58Check(TALLINN_KEY_HASH_KINDS, value))) throw new ParametersError(where, `must be a tz1…–tz4… key hash, got ${JSON.stringify(value)}`);
  return value as string;
}

function bootstrapAccountOf(entry: unknown, where: string): BootstrapAccount {
  let key: unknown, amount: unknown, delegate: unknown;
  if (Array.isArray(entry) && entry.length === 2) [key, amount] = entry;
  else if (typeof entry === "object" && entry !== null && !Array.isArray(entry)) {
    const o = entry as Record<string, unknown>;
    key = o["public_key"] ?? o["public_key_hash"];
    amount = o["amount"];
    delegate = o["delegate"];
  } else throw new ParametersError(where, "must be [key, amount] or {public_key | public_key_hash, amount}");
  const balance = amountOf(amount, `${where}.amount`);
  if (typeof key === "string" && /^(edpk|sppk|p2pk|BLpk)/.test(key)) {
    try {
      const account = fromPublicKey(key, balance);
      return delegate === undefined ? account : { ...account, delegate: keyHashOf(delegate, `${where}.delegate`) };
    } catch (e) {
      if (e instanceof KeyError) throw new ParametersError(`${where}.public_key`, e.message);
      throw e;
    }
  }
  const publicKeyHash = keyHashOf(key, `${where}.public_key_hash`);
  return delegate === undefined ? { publicKeyHash, balance } : { publicKeyHash, balance, delegate: keyHashOf(delegate, `${where}.delegate`) };
}
