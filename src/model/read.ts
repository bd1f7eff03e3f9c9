// Reading a record's values the way people mean them, whatever type the server chose: a number
// in a string is a number, 0/1 and "true"/"false" are booleans, a number is text. Pure.
import { INT_TEXT } from '../api/schemas/deployment-fields.js';
import { parseTime } from '../text/format.js';

/** A whole number, or null for anything that is not plainly one. */
export function intOf(value: unknown): number | null {
  if (Number.isSafeInteger(value)) return value as number;
  if (typeof value === 'string' && INT_TEXT.test(value)) return Number(value);
  return null;
}

/** true/false, or null when the value says neither. */
export function boolOf(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/** Text as sent (not cleaned), a number as its digits; '' for anything else. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Milliseconds since the epoch of a timestamp, or null when it is not one. */
export function timeOf(value: unknown): number | null {
  if (typeof value !== 'string' || value === '' || value.length > 64) return null;
  const t = parseTime(value);
  return Number.isNaN(t) ? null : t;
}
