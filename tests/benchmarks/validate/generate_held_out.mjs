// A held-out validation corpus: replies for schemas the benchmark's own generator (generate.mjs)
// does not know, made by walking each schema rather than by hand-written templates, so nothing
// in them was tuned to Conform. For each schema a JSONL file of `--count` documents of about
// 1-2 KB; about 35% are damaged the generic ways models get a schema wrong (a required key
// missing, an extra key, a value of another type, an enum value in other case, a number out of
// range, a string too short, an array too short, the text cut off). Whether a line is valid is
// not recorded: the benchmark compares Conform's verdicts with ajv's on every line.
// Deterministic: the same seed and count always give the same bytes.
//
//   node generate_held_out.mjs --out DIR [--count N] [--seed S] [--schemas a,b,...]
//   -> DIR/held-out-SCHEMA.jsonl for each schema under schemas/ named (default: the six the
//      benchmark's generator does not cover)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { draws, rng } from '../random.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs, []));
if (!args.out) {
  console.error('usage: node generate_held_out.mjs --out DIR [--count N] [--seed S] [--schemas a,b]');
  process.exit(2);
}
const count = Number(args.count ?? 10000);
const seed = Number(args.seed ?? 20261127);
const schemas = (args.schemas ?? 'drift-detector,fact-extractor,goal-generator,goal-tracker,speakmcp-tool-call,wikimind-compilation').split(',');
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../schemas');

const { random, int, pick, chance } = draws(rng(seed));
const WORDS = ('answer because witness timeline source claim evidence page revision summary topic ' +
  'meeting budget review later earlier owner draft released note contradiction kitchen policy ' +
  'request user tool call argument result error retry file path section chapter entity').split(' ');
const EXTRAS = ['café', '“quoted”', 'naïve', '✓', 'Zoë', '— dash', '\\n', 'tab\there', '"inner"'];
const sentence = (words) => Array.from({ length: words }, () => (chance(0.05) ? pick(EXTRAS) : pick(WORDS))).join(' ');

// A valid instance of `schema`; `budget` steers strings and arrays towards the target size.
function instance(schema, budget) {
  if (schema.enum) return pick(schema.enum);
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? pick(schema.type.filter((t) => t !== 'null')) : schema.type;
  switch (type) {
  case 'object': {
    const out = {};
    const required = new Set(schema.required ?? []);
    for (const [key, sub] of Object.entries(schema.properties ?? {}))
      if (required.has(key) || chance(0.7)) out[key] = instance(sub, budget);
    return out;
  }
  case 'array': {
    const lo = schema.minItems ?? 1, hi = schema.maxItems ?? Math.max(lo, budget);
    return Array.from({ length: int(lo, Math.max(lo, hi)) }, () => instance(schema.items ?? {}, Math.max(1, budget >> 1)));
  }
  case 'string': {
    const text = sentence(int(2, 4 + budget));
    return text.length >= (schema.minLength ?? 0) ? text : text.padEnd(schema.minLength, ' x');
  }
  case 'integer': return int(schema.minimum ?? 0, schema.maximum ?? 1000);
  case 'number': return Math.round(((schema.minimum ?? 0) + random() * ((schema.maximum ?? 1000) - (schema.minimum ?? 0))) * 100) / 100;
  case 'boolean': return chance(0.5);
  default: return sentence(3);
  }
}

// Every place in `value` (with the schema that governs it) where a damage could go.
function places(value, schema, path = [], out = []) {
  out.push({ path, value, schema });
  if (Array.isArray(value)) value.forEach((v, i) => places(v, schema.items ?? {}, [...path, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) places(v, schema.properties?.[k] ?? {}, [...path, k], out);
  return out;
}
function parentOf(root, path) {
  let node = root;
  for (const step of path.slice(0, -1)) node = node[step];
  return node;
}

// Damages one place of `doc` in a way its schema forbids; false when that place allows none.
function damage(doc, schema) {
  const candidates = places(doc, schema);
  for (let tries = 0; tries < 20; ++tries) {
    const { path, value, schema: s } = pick(candidates);
    const set = (v) => { if (path.length) parentOf(doc, path)[path.at(-1)] = v; };
    if (s.required?.length && value && typeof value === 'object' && !Array.isArray(value) && chance(0.5)) {
      delete value[pick(s.required)];
      return true;
    }
    if (s.additionalProperties === false && value && typeof value === 'object' && !Array.isArray(value) && chance(0.5)) {
      value[pick(['confidence_note', 'extra', 'notes', 'Reasoning'])] = sentence(3);
      return true;
    }
    if (!path.length) continue;
    if (s.enum && typeof value === 'string') { set(value.toUpperCase() === value ? value.toLowerCase() + 'x' : value.toUpperCase()); return true; }
    if ((s.type === 'integer' || s.type === 'number') && typeof value === 'number') {
      set(chance(0.5) ? String(value) : s.maximum !== undefined ? s.maximum + 1 + int(0, 50) : 'unknown');
      return true;
    }
    if (s.type === 'boolean') { set(String(value)); return true; }
    if (s.type === 'string' && typeof value === 'string') {
      if (s.minLength) set(''); else set(chance(0.5) ? null : int(0, 9));
      return true;
    }
    if (s.type === 'array' && Array.isArray(value) && (s.minItems ?? 0) > 0) { set([]); return true; }
    if (s.type === 'array' && Array.isArray(value)) { set(value.length ? value[0] : {}); return true; }
    if (s.type === 'object' && value && typeof value === 'object') { set(Object.values(value)); return true; }
  }
  return false;
}

mkdirSync(args.out, { recursive: true });
for (const name of schemas) {
  const schema = JSON.parse(readFileSync(join(root, name, 'schema.json'), 'utf8'));
  const lines = [];
  while (lines.length < count) {
    // Grow the budget until the document reaches about 1.2-2 KB.
    let doc, text, budget = 2;
    do { doc = instance(schema, budget); text = JSON.stringify(doc); budget += 2; } while (text.length < 1200 && budget < 40);
    const roll = random();
    if (roll < 0.31) { if (damage(doc, schema) && chance(0.3)) damage(doc, schema); text = JSON.stringify(doc); }
    else if (roll < 0.35) text = text.slice(0, int(text.length >> 1, text.length - 2)); // cut off
    lines.push(text);
  }
  writeFileSync(join(args.out, `held-out-${name}.jsonl`), lines.join('\n') + '\n');
}
