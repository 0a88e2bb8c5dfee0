/**
 * Authentication of a new connection, both sides alike (the roles of Octez's
 * `P2p_socket.authenticate`, not its bytes): each sends `hello` (public key, a fresh nonce,
 * its listening port, announced version, metadata), then `auth`, a proof over the other's
 * nonce that only the holder of the announced key can make (see {@link proof}). The result
 * names the remote peer by the hash of its key, so no one can pose as another peer id.
 */
import { randomBytes } from "node:crypto";
import { peerIdOf, proof, sameProof, sharedSecret, type Identity } from "./identity.ts";
import type { FramedSocket } from "./socket.ts";
import { MAGIC, WireError, type ConnMetadata, type Message, type NetworkVersion } from "./wire.ts";

/** What authentication learnt about the remote peer (Octez's `P2p_connection.Info` inputs). */
export interface Authenticated {
  readonly peerId: string;
  /** The port the remote listens on, when it does. */
  readonly port: number | undefined;
  readonly version: NetworkVersion;
  readonly metadata: ConnMetadata;
}

/** The remote is this node itself (Octez's `node.p2p_socket.myself`). */
export class Myself extends Error {
  constructor() {
    super("remote peer is actually yourself");
    this.name = "Myself";
  }
}

/** The remote failed to prove it holds its key (Octez's `node.p2p_socket.invalid_auth`). */
export class InvalidAuth extends Error {
  constructor() {
    super("invalid authentication");
    this.name = "InvalidAuth";
  }
}

export interface LocalHello {
  readonly identity: Identity;
  readonly port: number | undefined;
  readonly version: NetworkVersion;
  readonly metadata: ConnMetadata;
}

function expect<K extends Message["kind"]>(message: Message, kind: K): Extract<Message, { kind: K }> {
  if (message.kind !== kind) throw new WireError("bad_message", `expected a ${kind} message, got ${message.kind}`);
  return message as Extract<Message, { kind: K }>;
}

/** Runs the exchange on `socket` within `timeoutMs`; throws on any failure (the socket is then closed). */
export async function authenticate(socket: FramedSocket, local: LocalHello, timeoutMs: number): Promise<Authenticated> {
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  const nonce = randomBytes(24);
  socket.send({
    kind: "hello",
    magic: MAGIC,
    public_key: local.identity.publicKey.toString("hex"),
    nonce: nonce.toString("hex"),
    port: local.port ?? null,
    version: local.version,
    metadata: local.metadata,
  });
  const hello = expect(await socket.next(left(), "waiting for the peer's hello"), "hello");
  if (hello.magic !== MAGIC) throw new WireError("bad_message", `message hello.magic: expected ${MAGIC}`);
  const remoteKey = Buffer.from(hello.public_key, "hex");
  const peerId = peerIdOf(remoteKey);
  if (peerId === local.identity.peerId) throw new Myself();
  let secret: Buffer;
  try {
    secret = sharedSecret(local.identity, remoteKey);
  } catch {
    throw new InvalidAuth();
  }
  const remoteNonce = Buffer.from(hello.nonce, "hex");
  socket.send({ kind: "auth", proof: proof(secret, remoteNonce, nonce).toString("hex") });
  const auth = expect(await socket.next(left(), "waiting for the peer's proof"), "auth");
  if (!sameProof(Buffer.from(auth.proof, "hex"), proof(secret, nonce, remoteNonce))) throw new InvalidAuth();
  return { peerId, port: hello.port ?? undefined, version: hello.version, metadata: hello.metadata };
}
