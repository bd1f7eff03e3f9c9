// The address of an application's or a deployment's page on the service, pasted from the browser
// (`https://host/project/P/environment/E/application/UUID[/deployment/DUUID]`): the uuids are
// taken from its path. Only the host is ever repeated in a message — never the user name, a
// password, the path or the query — and only once nothing odd was found before it. No got, no
// zod: the picker reads addresses before the client is loaded.
import { isPlainId } from '../text/plain-id.js';
import { isAppUuid } from './uuid.js';

export interface AppAddress {
  /** The host of the address, as URL reads it (lower case, port without the scheme's default). */
  readonly host: string;
  readonly app: string;
  /** The deployment's uuid, when it is a deployment's page. */
  readonly deployment?: string;
}

/** A read address, or the one-line reason it is refused. */
export type AddressRead = { readonly address: AppAddress } | { readonly error: string };

/** Longer than any page address of the service. */
const MAX_LENGTH = 2000;

/** Whether `text` is meant as an address rather than a uuid: a uuid has no `:` and no `/`. */
export function looksLikeAddress(text: string): boolean {
  return /[:/\\]/.test(text);
}

const WHAT = "an application's or a deployment's page on the service";
const HOW = "copy it from the application's page in the browser, or give the uuid";

/** Reads the uuids from an address (its edges' whitespace ignored); the host is checked above (commands/app-arg.ts hostProblem). */
export function readAppAddress(input: string): AddressRead {
  const text = input.trim();
  const no = (why: string): AddressRead => ({ error: `${why}: ${HOW}.` });
  if (text.length > MAX_LENGTH) return no('the address is too long');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1];
  if (scheme === undefined || !/^https?$/i.test(scheme)) {
    const named = scheme !== undefined && scheme.length <= 12 ? ` (not ${scheme.toLowerCase()}:)` : '';
    return no(`an address must start with http:// or https://${named}`);
  }
  // Nothing that URL would quietly change or drop: spaces, controls, backslashes (read as /).
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(text)) return no('the address holds spaces, control characters or backslashes');
  if (!/^https?:\/\/[^/]/i.test(text)) return no('the address has no host after //');
  const authority = /^https?:\/\/([^/?#]*)/i.exec(text)![1]!;
  // A user name or password (`user:pw@host`, even an empty one): never repeated, never used.
  if (authority.includes('@'))
    return no('the address holds a user name or password (not repeated here); dms never reads one from an address');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return no('this is not a valid address');
  }
  if (url.username !== '' || url.password !== '')
    return no('the address holds a user name or password (not repeated here); dms never reads one from an address');
  // An encoded / or \ would let one path segment pass for two.
  if (/%(?:2f|5c)/i.test(url.pathname)) return no('the address has an encoded / or \\ in its path');
  const segments = url.pathname.split('/');
  const at = segments.flatMap((s, i) => (s === 'application' && i + 1 < segments.length && segments[i + 1] !== '' ? [i] : []));
  if (at.length === 0) return no(`this is not ${WHAT} (its path has no application/UUID)`);
  if (at.length > 1) return no('the address names more than one application');
  const app = segments[at[0]! + 1]!;
  if (!isPlainId(app) || !isAppUuid(app)) return no('the application uuid in the address is not a plain uuid (letters, digits and -)');
  const after = segments.slice(at[0]! + 2);
  const d = after.indexOf('deployment');
  const deployment = d >= 0 ? after[d + 1] : undefined;
  if (deployment === undefined || deployment === '') return { address: { host: url.host, app } };
  if (after.lastIndexOf('deployment') !== d) return no('the address names more than one deployment');
  if (!isPlainId(deployment) || deployment.length > 64)
    return no('the deployment uuid in the address is not a plain uuid (letters, digits and -)');
  return { address: { host: url.host, app, deployment } };
}
