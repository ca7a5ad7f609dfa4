// Prints the validation benchmark's table from run.sh's results, and checks that Conform's
// verdicts are identical to ajv's, line by line. Exit status 1 on any disagreement.
//   node report.mjs RESULTS.jsonl DATA_DIR
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [resultsPath, dataDir] = process.argv.slice(2);
const results = readFileSync(resultsPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const bySchema = Map.groupBy ? Map.groupBy(results, (r) => r.schema)
  : results.reduce((m, r) => m.set(r.schema, [...(m.get(r.schema) ?? []), r]), new Map());

const pad = (s, n) => String(s).padStart(n);
const mbps = (r) => r.bytes / r.seconds / 1e6;
const dps = (r) => r.docs / r.seconds;
console.log(`${'schema'.padEnd(20)}${'engine'.padEnd(10)}${pad('docs', 8)}${pad('MB', 8)}${pad('valid', 8)}${pad('seconds', 10)}${pad('MB/s', 9)}${pad('docs/s', 11)}`);
let disagreements = 0;
for (const [schema, rows] of bySchema) {
  for (const r of rows)
    console.log(`${schema.padEnd(20)}${r.engine.padEnd(10)}${pad(r.docs, 8)}${pad((r.bytes / 1e6).toFixed(1), 8)}${pad(r.valid, 8)}${pad(r.seconds.toFixed(4), 10)}${pad(mbps(r).toFixed(1), 9)}${pad(Math.round(dps(r)), 11)}`);
  const get = (e) => rows.find((r) => r.engine === e);
  const conform = get('conform');
  for (const other of ['valijson', 'ajv'])
    if (conform && get(other))
      console.log(`${''.padEnd(20)}speed conform/${other}: ${(get(other).seconds / conform.seconds).toFixed(2)}x`);
  disagreements += compare(schema, 'conform', 'ajv', true);
  compare(schema, 'valijson', 'ajv', false);
}
console.log(disagreements === 0 ? 'verdicts: conform and ajv agree on every line'
  : `verdicts: conform and ajv DISAGREE on ${disagreements} lines`);
process.exit(disagreements === 0 ? 0 : 1);

// Counts the lines where two engines' verdicts differ; shows the first few.
function compare(schema, a, b, show) {
  const read = (e) => readFileSync(join(dataDir, `${schema}.${e}`), 'utf8').trim();
  let va, vb;
  try { va = read(a); vb = read(b); } catch { return 0; }
  const lines = show ? readFileSync(join(dataDir, `${schema}.jsonl`), 'utf8').split('\n') : [];
  let n = 0;
  for (let i = 0; i < Math.min(va.length, vb.length); ++i) {
    if (va[i] === vb[i]) continue;
    if (show && n < 5)
      console.log(`  line ${i + 1}: ${a} ${va[i] === '1' ? 'valid' : 'invalid'}, ${b} ${vb[i] === '1' ? 'valid' : 'invalid'}: ${lines[i].slice(0, 160)}...`);
    ++n;
  }
  console.log(`${''.padEnd(20)}${a} vs ${b}: ${n} disagreements of ${va.length}`);
  return n + Math.abs(va.length - vb.length);
}
