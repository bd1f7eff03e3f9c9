// Reads the error bodies servers send (service-behaviour.md "Errors seen"), all three
// `errors` shapes: {field: [msgs]}, {field: "msg"}, or (docstore) ["field", ...].

export interface ErrorBody {
  /** False when the body was not a JSON object (HTML page, empty, garbage). */
  readonly json: boolean;
  readonly message?: string;
  readonly warning?: string;
  /**
   * `docs` (a link to the API's documentation): sent with the framework's own `Not found.` for a
   * path that is no route, never with the 404 of a resource. Tells the two apart.
   */
  readonly docs?: string;
  readonly fields: Record<string, string[]>;
}

export function readErrorBody(text: string): ErrorBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { json: false, fields: {} };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { json: false, fields: {} };
  const obj = value as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    json: true,
    message: str(obj.message) ?? str(obj.error),
    warning: str(obj.warning),
    ...(obj.docs !== undefined && obj.docs !== null ? { docs: str(obj.docs) ?? '' } : {}),
    fields: readFields(obj.errors),
  };
}

/**
 * Field → messages, in a null-prototype object: every field the server named is listed, even one
 * named `__proto__` or `constructor` (plain assignment would take `__proto__` as the prototype and
 * drop it).
 */
function readFields(errors: unknown): Record<string, string[]> {
  const out = Object.create(null) as Record<string, string[]>;
  if (Array.isArray(errors)) {
    for (const name of errors) if (typeof name === 'string') out[name] = ['is invalid.'];
    return out;
  }
  if (typeof errors !== 'object' || errors === null) return out;
  for (const [field, v] of Object.entries(errors)) {
    if (typeof v === 'string') out[field] = [v];
    else if (Array.isArray(v)) {
      const messages = v.filter((m): m is string => typeof m === 'string');
      // A field named without a readable message is still invalid.
      out[field] = messages.length > 0 ? messages : ['is invalid.'];
    } else out[field] = ['is invalid.'];
  }
  return out;
}
