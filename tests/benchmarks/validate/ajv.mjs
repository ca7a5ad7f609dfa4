// The reference side of the validation benchmark: ajv 8 (draft 2020-12, formats on), the way a
// Node service would check model replies: JSON.parse then a compiled validate, per line.
//
//   node ajv.mjs SCHEMA.json LINES.jsonl [--verdicts FILE] [--repeat N]
// prints one JSON line {"engine":"ajv","docs","bytes","valid","seconds"} (best of N runs) and,
// with --verdicts, writes one '1' (valid) or '0' per input line.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;

const [schemaPath, linesPath, ...rest] = process.argv.slice(2);
const option = (name, fallback) => { const i = rest.indexOf(name); return i >= 0 ? rest[i + 1] : fallback; };
if (!schemaPath || !linesPath) { console.error('usage: node ajv.mjs SCHEMA LINES [--verdicts FILE] [--repeat N]'); process.exit(2); }

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
const text = readFileSync(linesPath, 'utf8');
const lines = text.split('\n');
if (lines.at(-1) === '') lines.pop();

function verdict(line) {
  let value;
  try { value = JSON.parse(line); } catch { return false; }
  return validate(value);
}

const verdicts = new Uint8Array(lines.length);
let best = Infinity;
for (let run = 0; run < Number(option('--repeat', 3)); ++run) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < lines.length; ++i) verdicts[i] = verdict(lines[i]) ? 1 : 0;
  best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
}
const verdictsFile = option('--verdicts');
if (verdictsFile) writeFileSync(verdictsFile, Array.from(verdicts).join('') + '\n');
const valid = verdicts.reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ engine: 'ajv', docs: lines.length, bytes: Buffer.byteLength(text) - (text.endsWith('\n') ? 1 : 0) - Math.max(0, lines.length - 1), valid, seconds: best }));
