/** Vitest's global setup (vitest.config.ts): runs once before the suite. */
import { announceMissingReference } from "./reference.ts";

export default function setup(): void {
  announceMissingReference();
}
