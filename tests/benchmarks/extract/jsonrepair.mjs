// The peer: jsonrepair 3 + JSON.parse over the same replies. Prints one JSON line:
// {"engine","replies","bytes","seconds","mb_per_s","replies_per_s","correct"}.
// Usage: node jsonrepair.mjs replies.jsonl [--repeat N]
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
const require = createRequire(new URL('../', import.meta.url));
const {jsonrepair} = require('jsonrepair');

const [file, ...rest] = process.argv.slice(2);
const repeat = Number(rest[rest.indexOf('--repeat') + 1] || 3);
const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const raws = lines.map((l) => l.raw);
const bytes = raws.reduce((n, r) => n + Buffer.byteLength(r), 0);

function runOnce() {
  const values = new Array(raws.length);
  const start = process.hrtime.bigint();
  for (let i = 0; i < raws.length; ++i) {
    try { values[i] = JSON.parse(jsonrepair(raws[i])); } catch { values[i] = undefined; }
  }
  return {seconds: Number(process.hrtime.bigint() - start) / 1e9, values};
}

let best = runOnce(); // also the warm-up
for (let r = 1; r < repeat; ++r) {
  const run = runOnce();
  if (run.seconds < best.seconds) best = run;
}
let correct = 0;
for (let i = 0; i < lines.length; ++i)
  if (best.values[i] !== undefined && JSON.stringify(best.values[i]) === JSON.stringify(lines[i].expected)) ++correct;
console.log(JSON.stringify({engine: 'jsonrepair+JSON.parse', replies: lines.length, bytes, seconds: best.seconds,
  mb_per_s: bytes / 1e6 / best.seconds, replies_per_s: lines.length / best.seconds, correct}));
