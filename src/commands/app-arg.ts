// APP as `dms browse`, `dms deployments` and `dms logs` take it: a uuid, or the address of the
// application's (or a deployment's) page on the service (api/app-address.ts). The address is
// read before connecting; its host is checked against the connection's once there is one.
import { hostProblem, looksLikeAddress, readAppAddress, type AppAddress } from '../api/app-address.js';
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
