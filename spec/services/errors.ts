/** `GET /errors`: the JSON schema of every error the shell can report. */
import type { Service } from "../service.ts";
import { E, get } from "./common.ts";

export const errorServices = (): Service[] => [
  get("/errors", {
    description: "The JSON schema of every error the shell's RPCs can return.",
    output: E.anyJson,
  }),
];
