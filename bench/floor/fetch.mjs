// Floor for the headless list: one fetch, JSON.parse, print. Usage: node fetch.mjs APP (env DMS_URL, DMS_TOKEN).
const [app, take] = process.argv.slice(2);
const query = take ? `?take=${take}` : '';
const res = await fetch(`${process.env.DMS_URL}/deployments/applications/${app}${query}`, {
  headers: { authorization: `Bearer ${process.env.DMS_TOKEN}`, accept: 'application/json' },
});
if (!res.ok) {
  process.stderr.write(`HTTP ${res.status}\n`);
  process.exit(1);
}
const body = JSON.parse(await res.text());
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
