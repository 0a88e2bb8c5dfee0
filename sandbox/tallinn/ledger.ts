/**
 * The part of a Tallinn context the sandbox models: implicit accounts (balance, counter,
 * revealed key, delegate), the registered delegates and the global counter. One ledger per
 * block, made by applying the block's operations to its predecessor's ({@link Ledger.clone}
 * then changes), so any block's state can be read as Octez reads its context.
 *
 * Octez facts it follows (`contract_storage.ml`, `implicit account` rules): an implicit
 * account exists while its balance is positive or it is a delegate; a new one takes the
 * global counter as its counter; every manager operation increments both counters; emptied,
 * an account is deleted (its counter and revealed key forgotten).
 */
import type { BootstrapAccount } from "./accounts.ts";

/** An implicit account's state. */
export interface AccountState {
  readonly balance: bigint;
  readonly counter: bigint;
  /** Revealed public key. */
  readonly manager?: string;
  readonly delegate?: string;
}

export class Ledger {
  private constructor(
    private readonly accounts: Map<string, AccountState>,
    private readonly delegates: Set<string>,
    /** Octez's `Global_counter`: the counter a newly allocated account starts at. */
    public globalCounter: bigint,
  ) {}

  /** The ledger at the first block: the bootstrap accounts, their keys revealed, delegates registered. */
  static genesis(accounts: readonly BootstrapAccount[]): Ledger {
    const ledger = new Ledger(new Map(), new Set(), 0n);
    for (const a of accounts) {
      ledger.accounts.set(a.publicKeyHash, { balance: a.balance, counter: 0n, ...(a.publicKey ? { manager: a.publicKey } : {}), ...(a.delegate ? { delegate: a.delegate } : {}) });
      if (a.delegate === a.publicKeyHash) ledger.delegates.add(a.publicKeyHash);
    }
    return ledger;
  }

  /** A copy to apply a block or an operation to. */
  clone(): Ledger {
    return new Ledger(new Map(this.accounts), new Set(this.delegates), this.globalCounter);
  }

  /** Takes back the state of `snapshot` (a {@link clone} of this ledger): a failed batch's effects undone. */
  restore(snapshot: Ledger): void {
    this.accounts.clear();
    for (const [k, v] of snapshot.accounts) this.accounts.set(k, v);
    this.delegates.clear();
    for (const d of snapshot.delegates) this.delegates.add(d);
    this.globalCounter = snapshot.globalCounter;
  }

  /** An implicit account, if allocated. */
  account(pkh: string): AccountState | undefined {
    return this.accounts.get(pkh);
  }

  /** Every allocated implicit account, in allocation order (`…/context/contracts`). */
  keyHashes(): string[] {
    return [...this.accounts.keys()];
  }

  isDelegate(pkh: string): boolean {
    return this.delegates.has(pkh);
  }

  registeredDelegates(): string[] {
    return [...this.delegates];
  }

  /** Sets an account's fields; allocates it (with the global counter) when absent. */
  update(pkh: string, change: Partial<AccountState>): void {
    const current = this.accounts.get(pkh) ?? { balance: 0n, counter: this.globalCounter };
    const next = { ...current, ...change };
    // An emptied account that delegates to no one is deleted (Octez's implicit deallocation).
    if (next.balance === 0n && !this.delegates.has(pkh)) this.accounts.delete(pkh);
    else this.accounts.set(pkh, next);
  }

  /** Removes a key that a change left `undefined` (delegate withdrawn). */
  clearDelegate(pkh: string): void {
    const current = this.accounts.get(pkh);
    if (current === undefined) return;
    const { delegate: _gone, ...rest } = current;
    this.accounts.set(pkh, rest);
  }

  registerDelegate(pkh: string): void {
    this.delegates.add(pkh);
  }

  /** Increments the source's counter and the global counter (every manager operation does). */
  incrementCounter(pkh: string): void {
    this.globalCounter += 1n;
    const current = this.accounts.get(pkh);
    if (current !== undefined) this.accounts.set(pkh, { ...current, counter: current.counter + 1n });
  }
}
