/**
 * The encoding of a describe answer (a `service_tree`). Placeholder: a free JSON value.
 */
import { E } from "./common.ts";

export const describeAnswer = E.anyJson;
