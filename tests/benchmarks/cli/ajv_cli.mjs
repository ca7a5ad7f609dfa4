// The peer of `conform-cli validate --schema S --jsonl F --json`, as a Node service would do
// it end to end: read the file, JSON.parse each line, validate with ajv 8 (allErrors, formats),
// write one result line per input line: {"valid", "issues"}.
//   node ajv_cli.mjs SCHEMA LINES > results.jsonl
import { readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;
const [schemaPath, linesPath] = process.argv.slice(2);
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
const lines = readFileSync(linesPath, 'utf8').split('\n');
if (lines.at(-1) === '') lines.pop();
let out = '';
for (const line of lines) {
  let result;
  try {
    const valid = validate(JSON.parse(line));
    result = { valid, issues: valid ? [] : validate.errors };
  } catch (e) {
    result = { valid: false, issues: [{ message: String(e.message) }] };
  }
  out += JSON.stringify(result) + '\n';
  if (out.length > 1 << 20) { writeSync(1, out); out = ''; }
}
writeSync(1, out);
