import { describe, expect, it } from 'vitest';
import { looksLikeAddress, readAppAddress } from '../../src/api/app-address.js';

const APP = 'k8s0c4gwkwg4ow8wgwwsso0w';
const DEP = 'x9w4kcc8sgs0oc0kso4g44ok';
const PAGE = `https://deploy.example.com/project/p1/environment/e1/application/${APP}`;

const errorOf = (text: string) => {
  const r = readAppAddress(text);
  return 'error' in r ? r.error : undefined;
};

describe('readAppAddress', () => {
  it('takes the application uuid from its page, and the deployment uuid from a deployment page', () => {
    expect(readAppAddress(PAGE)).toEqual({ address: { host: 'deploy.example.com', app: APP } });
    expect(readAppAddress(`${PAGE}/deployment/${DEP}`)).toEqual({ address: { host: 'deploy.example.com', app: APP, deployment: DEP } });
    // A trailing slash, the deployments tab, a query or fragment the browser added, upper-case scheme and host, a port.
    expect(readAppAddress(`  ${PAGE}/  `)).toEqual({ address: { host: 'deploy.example.com', app: APP } });
    expect(readAppAddress(`${PAGE}/deployment`)).toEqual({ address: { host: 'deploy.example.com', app: APP } });
    expect(readAppAddress(`${PAGE}/logs?tab=1#top`)).toEqual({ address: { host: 'deploy.example.com', app: APP } });
    expect(readAppAddress(`HTTP://DEPLOY.example.com:8000/project/p/environment/e/application/${APP}`)).toEqual({
      address: { host: 'deploy.example.com:8000', app: APP },
    });
    // Without the project part (a service that serves pages elsewhere): the segment after application/.
    expect(readAppAddress(`http://10.0.0.5:8000/application/${APP}`)).toEqual({ address: { host: '10.0.0.5:8000', app: APP } });
  });

  it('refuses other schemes, naming only the scheme', () => {
    expect(errorOf(`ftp://deploy.example.com/application/${APP}`)).toMatch(
      /^an address must start with http:\/\/ or https:\/\/ \(not ftp:\)/,
    );
    expect(errorOf(`javascript:alert(1)//application/${APP}`)).toMatch(/\(not javascript:\)/);
    expect(errorOf(`file:///etc/application/${APP}`)).toMatch(/\(not file:\)/);
    expect(errorOf(`deploy.example.com/application/${APP}`)).toMatch(/^an address must start with http:\/\//);
    expect(errorOf(`//deploy.example.com/application/${APP}`)).toMatch(/^an address must start with http:\/\//);
    expect(errorOf('http:/application/x')).toMatch(/no host/);
  });

  it('refuses credentials in any form and never repeats them', () => {
    for (const text of [
      `https://alice:s3cr3t-pw@deploy.example.com/application/${APP}`,
      `https://s3cr3t-pw@deploy.example.com/application/${APP}`,
      `https://:s3cr3t-pw@deploy.example.com/application/${APP}`,
      `https://@deploy.example.com/application/${APP}`,
      `https://deploy.example.com@s3cr3t-pw.evil/application/${APP}`,
    ]) {
      const error = errorOf(text);
      expect(error, text).toMatch(/user name or password \(not repeated here\)/);
      expect(error).not.toMatch(/s3cr3t|alice|evil|deploy\.example/);
    }
    // ftp with credentials: the scheme is said, the password is not.
    expect(errorOf('ftp://bob:hunter2@host/application/x')).not.toContain('hunter2');
  });

  it('refuses encoded slashes, backslashes, spaces and controls', () => {
    expect(errorOf(`https://h/application/a%2Fb/deployment/${DEP}`)).toMatch(/encoded \/ or \\/);
    expect(errorOf(`https://h/project%2fx/application/${APP}`)).toMatch(/encoded/);
    expect(errorOf(`https://h/application/a%5cb`)).toMatch(/encoded/);
    expect(errorOf(`https://h\\application\\${APP}`)).toMatch(/backslashes/);
    expect(errorOf(`https://h/application/${APP} x`)).toMatch(/spaces/);
    expect(errorOf(`https://h/application/${APP}\u001b[31m`)).toMatch(/control/);
    expect(errorOf(`https://h/application/${APP}\u0085`)).toMatch(/control/);
  });

  it('takes only plain uuids: letters, digits and -', () => {
    expect(errorOf('https://h/application/%41BC')).toMatch(/application uuid in the address is not a plain uuid/);
    expect(errorOf('https://h/application/a_b')).toMatch(/not a plain uuid/);
    expect(errorOf('https://h/application/-abc')).toMatch(/not a plain uuid/);
    expect(errorOf('https://h/application/..')).toMatch(/path has no application\/UUID/);
    expect(errorOf(`https://h/application/${'a'.repeat(65)}`)).toMatch(/not a plain uuid/);
    expect(errorOf('https://h/application/caf%C3%A9')).toMatch(/not a plain uuid/);
    expect(errorOf(`https://h/application/${APP}/deployment/%3Cscript%3E`)).toMatch(/deployment uuid in the address is not a plain uuid/);
    expect(errorOf(`https://h/application/${APP}/deployment/${'d'.repeat(65)}`)).toMatch(/deployment uuid/);
  });

  it('refuses a path that is no application page, or names two', () => {
    expect(errorOf('https://deploy.example.com/project/p1')).toMatch(
      /^this is not an application's or a deployment's page on the service \(its path has no application\/UUID\)/,
    );
    expect(errorOf('https://deploy.example.com/application/')).toMatch(/no application\/UUID/);
    expect(errorOf(`https://h/application/${APP}/application/other`)).toMatch(/more than one application/);
    expect(errorOf(`https://h/application/${APP}/deployment/a/deployment/b`)).toMatch(/more than one deployment/);
    expect(errorOf(`https://h/${'x/'.repeat(1500)}application/${APP}`)).toMatch(/too long/);
  });

  it('every refusal is one line that says what to do', () => {
    for (const text of ['ftp://h/x', 'https://u:p@h/x', 'https://h/a%2fb', 'https://h/x', 'https://h/application/a_b']) {
      const error = errorOf(text)!;
      expect(error).not.toContain('\n');
      expect(error).toMatch(/copy it from the application's page in the browser, or give the uuid\.$/);
    }
  });
});

describe('looksLikeAddress', () => {
  it('looksLikeAddress: a uuid has no : or /', () => {
    expect(looksLikeAddress(APP)).toBe(false);
    expect(looksLikeAddress('shop-api')).toBe(false);
    expect(looksLikeAddress(PAGE)).toBe(true);
    expect(looksLikeAddress('host/application/x')).toBe(true);
  });
});
