// Compares the end-to-end outputs and prints the table: microseconds per line for each side,
// the ratio, verdict agreement (validate) and exact recoveries against the expected values
// written with the corpus (extract).
//   node report.mjs WORK_DIR
import { readFileSync, existsSync } from 'node:fs';

const work = process.argv[2];
const times = JSON.parse(readFileSync(`${work}/times.json`, 'utf8'));
const lines = (file) => readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
const row = (what, us, peerUs, note) =>
  console.log(`${what.padEnd(52)} ${us.toFixed(1).padStart(7)} µs/line  ${peerUs ? `peer ${peerUs.toFixed(1).padStart(7)} µs/line  ${(peerUs / us).toFixed(2)}x` : ''}  ${note}`);
let status = 0;
for (const v of times.validate) {
  const conform = lines(`${work}/validate-${v.schema}.conform.jsonl`);
  if (conform.length !== v.lines) status = 1; // one result line per input line, always
  const note = existsSync(`${work}/validate-${v.schema}.ajv.jsonl`)
    ? (() => { const ajv = lines(`${work}/validate-${v.schema}.ajv.jsonl`);
               const differ = conform.filter((c, i) => c.valid !== ajv[i]?.valid).length;
               if (differ || ajv.length !== conform.length) status = 1;
               return `verdicts differ on ${differ} of ${conform.length}`; })()
    : `${conform.length} lines`;
  row(`validate --jsonl --json, ${v.schema}`, v.conform / v.lines * 1e6, v.ajv ? v.ajv / v.lines * 1e6 : 0, note);
}
for (const e of times.extract) {
  const name = e.corpus === 'extract' ? '' : ', held-out';
  const expected = lines(`${work}/${e.corpus}-corpus.jsonl`).map((c) => JSON.stringify(c.expected));
  const exact = (file) => lines(file).filter((r, i) => r.ok && JSON.stringify(r.value) === expected[i]).length;
  const peerExact = existsSync(`${work}/${e.corpus}.jsonrepair.jsonl`) ? exact(`${work}/${e.corpus}.jsonrepair.jsonl`) : null;
  row(`extract --jsonl --json${name} (value + fix log)`, e.conformJson / e.lines * 1e6, e.jsonrepair ? e.jsonrepair / e.lines * 1e6 : 0,
      `exact ${exact(`${work}/${e.corpus}.conform-json.jsonl`)} of ${e.lines}${peerExact === null ? '' : `, peer ${peerExact}`}`);
  const values = lines(`${work}/${e.corpus}.conform.jsonl`);
  if (values.length !== e.lines || lines(`${work}/${e.corpus}.conform-json.jsonl`).length !== e.lines) status = 1;
  const valueExact = values.filter((v, i) => JSON.stringify(v) === expected[i]).length;
  row(`extract --jsonl${name} (values only)`, e.conform / e.lines * 1e6, e.jsonrepair ? e.jsonrepair / e.lines * 1e6 : 0,
      `exact ${valueExact} of ${e.lines}`);
}
const e = times.extract[0];
if (times.oneCore) {
  const o = times.oneCore, v = times.validate[0];
  row(`  on one core: validate, ${v.schema}`, o.validate / v.lines * 1e6, v.ajv ? v.ajv / v.lines * 1e6 : 0, '');
  row('  on one core: extract --jsonl --json', o.extractJson / e.lines * 1e6, e.jsonrepair ? e.jsonrepair / e.lines * 1e6 : 0, '');
  row('  on one core: extract --jsonl', o.extract / e.lines * 1e6, e.jsonrepair ? e.jsonrepair / e.lines * 1e6 : 0, '');
}
if (times.memory) {
  const m = times.memory;
  const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
  console.log(`max RSS, ${m.lines} lines -> ${m.lines * 10} lines: validate --jsonl --json ${mb(m.validate[0])} -> ${mb(m.validate[1])}, `
              + `extract --jsonl --json ${mb(m.extract[0])} -> ${mb(m.extract[1])}`);
}
process.exit(status);
