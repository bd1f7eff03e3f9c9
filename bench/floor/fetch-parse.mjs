// Floor for figure 7's first frame with a 5 MB log: one `fetch` of the first page (10 rows, the
// newest carrying a ~5 MB log), `JSON.parse`, and the page range printed as dms's header shows it
// ("1–10 of N"), which is when the bench stops the clock. Nothing decodes the logs.
// Usage: node fetch-parse.mjs APP (env DMS_URL, DMS_TOKEN).
const [app] = process.argv.slice(2);
const res = await fetch(`${process.env.DMS_URL}/deployments/applications/${app}?skip=0&take=10`, {
  headers: { authorization: `Bearer ${process.env.DMS_TOKEN}`, accept: 'application/json' },
});
if (!res.ok) {
  process.stderr.write(`HTTP ${res.status}\n`);
  process.exit(1);
}
const body = JSON.parse(await res.text());
process.stdout.write(`1–${body.deployments.length} of ${body.count}\n`);
