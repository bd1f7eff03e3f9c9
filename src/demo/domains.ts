// Domains as lists of URLs, and the host names used to find conflicts.

/** `https://a.example.com, https://b.example.com` -> the URLs, trimmed, empties dropped. */
export function splitUrls(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Lower-case host name of a URL; undefined when it is not one. */
export function hostOf(url: string): string | undefined {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}

export function hostsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.map(hostOf).filter((h): h is string => h !== undefined))];
}
