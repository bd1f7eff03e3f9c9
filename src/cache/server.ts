// The server a cache entry belongs to, as a string that never holds the token: the connection's
// origin and path (`https://host:8443/api/v1`), without the user and password a URL may carry,
// its query or its fragment; the embedded demo service is `demo` (its port changes every run).

/** The key of the embedded demo service's entries. */
export const DEMO_SERVER = 'demo';

/**
 * `https://host/api/v1` for the base URL `https://user:pw@host/api/v1/?x=1#y`: origin and path,
 * trailing slashes dropped. A string that is not a URL is returned as it is (`demo`).
 */
export function serverKey(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  // An opaque URL (`demo:x`) has the origin "null": nothing in it names a host, keep it whole but bare.
  if (parsed.origin === 'null') return `${parsed.protocol}${parsed.pathname}`;
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}
