/**
 * A TCP socket speaking the sandbox's framed messages ({@link wire.ts}): counts its bytes,
 * hands messages to whoever reads them (the handshake awaits them one by one, a running
 * connection takes them as they come), and ends at the first bad frame, socket error or close.
 */
import type { Socket } from "node:net";
import type { Meter } from "./meter.ts";
import { FrameReader, MAX_FRAME, WireError, frame, parseMessage, type Message } from "./wire.ts";

/** The peer closed the connection or it broke. */
export class ConnectionClosed extends Error {
  constructor(message = "connection closed by the peer") {
    super(message);
    this.name = "ConnectionClosed";
  }
}

/** The peer took too long. */
export class ConnectionTimeout extends Error {
  constructor(what: string) {
    super(`timed out ${what}`);
    this.name = "ConnectionTimeout";
  }
}

/** Messages read but not yet taken, at most (a peer cannot make the node queue more). */
const MAX_QUEUED = 256;
/** Bytes written but not yet taken by the peer, at most: a peer that stops reading is cut. */
const MAX_UNSENT = 64 * 1024 * 1024;

export class FramedSocket {
  private readonly reader = new FrameReader();
  private readonly queued: Message[] = [];
  private waiter: { resolve: (m: Message) => void; reject: (e: Error) => void } | undefined;
  private handler: ((m: Message) => void) | undefined;
  private failure: Error | undefined;
  private readonly closeListeners: Array<(reason: Error) => void> = [];

  constructor(
    readonly socket: Socket,
    readonly meter: Meter,
  ) {
    socket.on("data", (chunk: Buffer) => this.onData(chunk));
    socket.on("error", (error) => this.fail(new ConnectionClosed(`connection error: ${error.message}`)));
    socket.on("close", () => this.fail(new ConnectionClosed()));
  }

  /** Why the socket ended, once it has. */
  get closedBy(): Error | undefined {
    return this.failure;
  }

  private onData(chunk: Buffer): void {
    if (this.failure) return;
    this.meter.onReceived(chunk.length);
    try {
      for (const bytes of this.reader.push(chunk)) {
        const message = parseMessage(bytes);
        if (this.handler) this.handler(message);
        else if (this.waiter) {
          const w = this.waiter;
          this.waiter = undefined;
          w.resolve(message);
        } else if (this.queued.push(message) > MAX_QUEUED) throw new WireError("bad_message", `more than ${MAX_QUEUED} messages unread`);
        if (this.failure) return;
      }
    } catch (error) {
      this.fail(error instanceof WireError ? error : new WireError("bad_message", (error as Error).message));
    }
  }

  /** Ends the socket now, for `reason`; the first reason is kept. */
  fail(reason: Error): void {
    if (this.failure) return;
    this.failure = reason;
    this.socket.destroy();
    const w = this.waiter;
    this.waiter = undefined;
    w?.reject(reason);
    for (const listener of this.closeListeners) listener(reason);
  }

  /** Called once when the socket ends (at once if it has). */
  onClose(listener: (reason: Error) => void): void {
    if (this.failure) listener(this.failure);
    else this.closeListeners.push(listener);
  }

  /** The next message, within `timeoutMs`. */
  next(timeoutMs: number, what: string): Promise<Message> {
    if (this.queued.length > 0) return Promise.resolve(this.queued.shift()!);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new ConnectionTimeout(what)), timeoutMs);
      this.waiter = {
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
    });
  }

  /** From now on, messages go to `handler` (those already read first). */
  deliverTo(handler: (m: Message) => void): void {
    this.reader.limit = MAX_FRAME;
    this.handler = handler;
    for (const m of this.queued.splice(0)) if (!this.failure) handler(m);
  }

  send(message: Message): void {
    if (this.failure) return;
    const bytes = frame(message);
    if (this.socket.writableLength + bytes.length > MAX_UNSENT) {
      this.fail(new ConnectionClosed("the peer does not read what is sent"));
      return;
    }
    this.meter.onSent(bytes.length);
    this.socket.write(bytes);
  }

  /** Closes: with `wait`, once what was sent is written (the socket's end), else at once. */
  close(wait: boolean, reason: Error = new ConnectionClosed("connection closed by this node")): Promise<void> {
    if (this.failure) return Promise.resolve();
    if (!wait) {
      this.fail(reason);
      return Promise.resolve();
    }
    // Resolved when the socket ends, whether the write finished or the socket broke first.
    return new Promise<void>((resolve) => {
      this.onClose(() => resolve());
      this.socket.end(() => this.fail(reason));
    });
  }
}
