// The three page shapes of the first-frame figures (figure 1 of bench/run.mjs, and
// bench/compare.mjs --shape): which application dms browses, against which URL, with which token.
//   light  the demo's light page: shop-frontend's settings snapshots (the interface's shape),
//          token without logs, answered by the demo service itself (what figure 1 always timed);
//   queue  the deployed shape without logs: orders-worker's rows of the deployment queue (what
//          deployed servers send), token without logs, answered from memory (DEPLOYED_URL);
//   heavy  the same rows with their logs, the newest carrying a ~5 MB log, from memory;
//   logs   the demo's page with its logs: shop-frontend with the default token (what `npm start`
//          shows; ~8 MB for the rows that fit), answered by the demo service itself.
// The deployed shapes need the demo started with `deployedRows` (bench/lib/demo.mjs).
import { cleanEnv } from './proc.mjs';

export const SHAPES = ['light', 'queue', 'heavy', 'logs'];

/**
 * @returns {{ name: string, label: string, app: string, env: Record<string,string>, url: string, take?: number }}
 */
export function pageShape(demo, name, configDir) {
  if (name === 'light') {
    return {
      name,
      label: "the demo's light page",
      app: demo.apps[0].uuid,
      url: demo.url,
      env: cleanEnv({ DMS_URL: demo.url, DMS_TOKEN: demo.tokenNoLogs, DMS_CONFIG_DIR: configDir }),
    };
  }
  if (name === 'logs') {
    return {
      name,
      label: "the demo's page with its logs",
      app: demo.apps[0].uuid,
      url: demo.url,
      take: demo.deployedTake,
      env: cleanEnv({ DMS_URL: demo.url, DMS_TOKEN: demo.token, DMS_CONFIG_DIR: configDir }),
    };
  }
  if (name !== 'queue' && name !== 'heavy') throw new Error(`no page shape '${name}' (${SHAPES.join(', ')})`);
  if (!demo.deployedUrl || !demo.deployedApp)
    throw new Error('the demo service was started without the deployed shape (startDemo(…, { deployedRows }))');
  return {
    name,
    label: name === 'queue' ? 'deployed rows, no logs' : 'deployed rows, 5 MB log in the newest',
    app: demo.deployedApp,
    url: demo.deployedUrl,
    take: demo.deployedTake,
    env: cleanEnv({ DMS_URL: demo.deployedUrl, DMS_TOKEN: name === 'heavy' ? demo.token : demo.tokenNoLogs, DMS_CONFIG_DIR: configDir }),
  };
}

/** The requests the deployed shape answered since the last call (and forgets them): skip, take, bytes, prebuilt. */
export async function deployedRequests(demo) {
  const res = await fetch(`${demo.deployedUrl}/__stats?reset=1`, { headers: { authorization: `Bearer ${demo.tokenNoLogs}` } });
  if (!res.ok) throw new Error(`${demo.deployedUrl}/__stats answered ${res.status}`);
  return (await res.json()).requests;
}
