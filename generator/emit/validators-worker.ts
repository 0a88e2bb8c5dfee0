/**
 * The validators' worker thread (validators-thread.ts is the caller's side): builds the
 * validators module of each session it is given, with the {@link ValidatorsModule} steps the
 * caller's thread would run, and answers the code or the error's message.
 */

import { parentPort } from "node:worker_threads";
import { ValidatorsModule } from "./validators-compile.ts";
import type { FromWorker, ToWorker } from "./validators-thread.ts";

// ajv builds its functions from source text; with source maps on (as tsx sets them), Node scans
// each such text for a source map comment, which costs more than a tenth of the compilation.
process.setSourceMapsEnabled(false);

/** Sessions begun and not finished yet; a caller that never finishes one leaves at most this many. */
const MAX_OPEN_SESSIONS = 4;

const sessions = new Map<number, { module: ValidatorsModule } | { error: string }>();

parentPort!.on("message", (message: ToWorker) => {
  if (message.kind === "begin") {
    try {
      sessions.set(message.session, { module: new ValidatorsModule(JSON.parse(message.bodies)) });
    } catch (error) {
      sessions.set(message.session, { error: messageOf(error) });
    }
    for (const session of sessions.keys()) if (sessions.size > MAX_OPEN_SESSIONS) sessions.delete(session);
    return;
  }
  const begun = sessions.get(message.session);
  sessions.delete(message.session);
  let answer: FromWorker;
  if (begun === undefined) answer = { session: message.session, lost: true };
  else if ("error" in begun) answer = { session: message.session, error: begun.error };
  else {
    try {
      answer = { session: message.session, js: begun.module.finish(message.validators) };
    } catch (error) {
      answer = { session: message.session, error: messageOf(error) };
    }
  }
  parentPort!.postMessage(answer);
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
