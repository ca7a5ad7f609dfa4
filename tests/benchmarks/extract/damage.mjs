// Damages replies at random for differential runs: reads a JSONL file of raw replies (each line
// a JSON string) and writes N variants of each, every one with 1-4 edits: a byte from the set
// models and transports get wrong (quotes of every kind, backslashes, brackets, commas, control
// characters, invalid UTF-8, typographic marks) inserted, a byte deleted, or the text cut.
// Deterministic: the same seed gives the same bytes.
//   node damage.mjs RAWS.jsonl [--variants N] [--seed S] > DAMAGED.jsonl
import { readFileSync, writeSync } from 'node:fs';

import { rng } from '../random.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const variants = option('--variants', 3);
const random = rng(option('--seed', 20261127));
const int = (n) => Math.floor(random() * n);
const bytes = ['"', "'", '`', '\\', '\\"', '\\n', '\\u00', '{', '}', '[', ']', ',', ':', '\n', '\r\n', '\t', '\u0001',
               '\u201c', '\u201d', '\u2019', '\u2026', '\u00b4', '\u00a0', '/*', '//', 'True', 'None', 'NaN', '+', '...'];
let out = '';
for (const line of readFileSync(args[0], 'utf8').split('\n')) {
  if (!line) continue;
  const raw = JSON.parse(line);
  for (let v = 0; v < variants; ++v) {
    let text = raw;
    for (let e = 1 + int(4); e > 0; --e) {
      const at = int(text.length + 1);
      const roll = random();
      if (roll < 0.6) text = text.slice(0, at) + bytes[int(bytes.length)] + text.slice(at);
      else if (roll < 0.9) text = text.slice(0, at) + text.slice(at + 1);
      else text = text.slice(0, at);
    }
    out += JSON.stringify(text) + '\n';
    if (out.length > 1 << 20) { writeSync(1, out); out = ''; }
  }
}
writeSync(1, out);
