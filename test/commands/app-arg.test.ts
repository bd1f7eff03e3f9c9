// A page address's host against the connection's (commands/app-arg.ts): the commands and the
// TUI's picker refuse an address on another host, saying which flags connect there.
import { describe, expect, it } from 'vitest';
import { readAppAddress } from '../../src/api/app-address.js';
import { addressOn, hostProblem } from '../../src/commands/app-arg.js';

const APP = 'k8s0c4gwkwg4ow8wgwwsso0w';
const DEP = 'x9w4kcc8sgs0oc0kso4g44ok';
const PAGE = `https://deploy.example.com/project/p1/environment/e1/application/${APP}`;

describe('hostProblem and addressOn', () => {
  it('accepts the connection host (any case), else names both hosts', () => {
    const read = readAppAddress(PAGE);
    if (!('address' in read)) throw new Error(read.error);
    expect(hostProblem(read.address, 'Deploy.Example.com')).toBeUndefined();
    expect(hostProblem(read.address, '127.0.0.1:8000')).toBe(
      'the address is on deploy.example.com, but this connection uses 127.0.0.1:8000: open the page on 127.0.0.1:8000, or connect to deploy.example.com (--url, --context).',
    );
    expect(addressOn(`${PAGE}/deployment/${DEP}`, 'deploy.example.com')).toEqual({
      address: { host: 'deploy.example.com', app: APP, deployment: DEP },
    });
    expect(addressOn(PAGE, 'deploy.example.com:8443')).toHaveProperty('error');
    // The default port of the scheme is no port.
    expect(addressOn(`https://deploy.example.com:443/application/${APP}`, 'deploy.example.com')).toHaveProperty('address');
  });
});
