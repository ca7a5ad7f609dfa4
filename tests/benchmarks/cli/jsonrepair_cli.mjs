// The peer of `conform-cli extract --jsonl F [--json]`, end to end: read the file, each line
// a JSON string holding a raw reply, jsonrepair 3 then JSON.parse, write {"ok","value"} per line.
//   node jsonrepair_cli.mjs RAWS.jsonl > results.jsonl
import { readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { jsonrepair } = require('jsonrepair');
const lines = readFileSync(process.argv[2], 'utf8').split('\n');
if (lines.at(-1) === '') lines.pop();
let out = '';
for (const line of lines) {
  let result;
  try {
    result = { ok: true, value: JSON.parse(jsonrepair(JSON.parse(line))) };
  } catch {
    result = { ok: false, value: null };
  }
  out += JSON.stringify(result) + '\n';
  if (out.length > 1 << 20) { writeSync(1, out); out = ''; }
}
writeSync(1, out);
