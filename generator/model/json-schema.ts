/**
 * The draft-04 JSON Schema subset that Octez publishes (describe-format.md §5). Only the
 * keywords that occur in real answers are typed; anything else is kept but not interpreted.
 */
export interface JsonSchema {
  $schema?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  additionalItems?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  definitions?: Record<string, JsonSchema>;
  [keyword: string]: unknown;
}

export type JsonType = "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";
