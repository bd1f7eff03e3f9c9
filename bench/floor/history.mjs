// Floor for `dms deployments APP --all -o ndjson`: the whole history with fetch, take=1000 one page
// after another, each record written as one line of JSON (waiting when stdout is full). No
// overlap, no retries, no masking: what reading and printing it costs at the least.
// Usage: node history.mjs APP (env DMS_URL, DMS_TOKEN).
const [app] = process.argv.slice(2);
const TAKE = 1000;
const headers = { authorization: `Bearer ${process.env.DMS_TOKEN}`, accept: 'application/json' };
const drained = () => new Promise((resolve) => process.stdout.once('drain', resolve));

for (let skip = 0; ; skip += TAKE) {
  const res = await fetch(`${process.env.DMS_URL}/deployments/applications/${app}?skip=${skip}&take=${TAKE}`, { headers });
  if (!res.ok) {
    process.stderr.write(`HTTP ${res.status}\n`);
    process.exit(1);
  }
  const body = JSON.parse(await res.text());
  const rows = Array.isArray(body) ? body : body.deployments;
  let text = '';
  for (const row of rows) text += `${JSON.stringify(row)}\n`;
  if (!process.stdout.write(text)) await drained();
  if (rows.length < TAKE) break;
}
