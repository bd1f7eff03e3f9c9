// APP as `dms browse`, `dms deployments` and `dms logs` take it: a uuid, or the address of the
// application's (or a deployment's) page on the service (api/app-address.ts). The address is
// read before connecting; its host is checked against the connection's once there is one, and a
// host that differs is said with the flags that connect elsewhere (the TUI's picker says it too).
import { looksLikeAddress, readAppAddress, type AddressRead, type AppAddress } from '../api/app-address.js';
import { UsageError } from './exit-codes.js';

export interface AppArg {
  readonly app: string;
  /** When APP was an address: its host is checked with checkAddressHost. */
  readonly address?: AppAddress;
}

/** The application a command's APP names; a UsageError for an address that cannot be read. */
export function appArg(text: string): AppArg {
  if (!looksLikeAddress(text)) return { app: text };
  const read = readAppAddress(text);
  if ('error' in read) throw new UsageError(read.error);
  return { app: read.address.app, address: read.address };
}

/** A UsageError (exit 2) when the address is on another host than the connection's. */
export function checkAddressHost(address: AppAddress | undefined, connection: { readonly host: string }): void {
  if (address === undefined) return;
  const problem = hostProblem(address, connection.host);
  if (problem) throw new UsageError(problem);
}

/**
 * Undefined when the address is on the connection's host (`host` as URL reads it: `host:port`),
 * else the one line that says which host it is and which the connection uses.
 */
export function hostProblem(address: AppAddress, connectionHost: string): string | undefined {
  if (address.host.toLowerCase() === connectionHost.toLowerCase()) return undefined;
  return `the address is on ${address.host}, but this connection uses ${connectionHost}: open the page on ${connectionHost}, or connect to ${address.host} (--url, --context).`;
}

/** An address read and checked against the connection's host, as one result. */
export function addressOn(input: string, connectionHost: string): AddressRead {
  const read = readAppAddress(input);
  if ('error' in read) return read;
  const problem = hostProblem(read.address, connectionHost);
  return problem ? { error: problem } : read;
}
