// Deterministic damaged model replies for the extraction benchmark, one JSON line each:
// {"raw": "<the reply>", "expected": <the value it honestly holds>, "damage": [...]}.
// Usage: node generate.mjs --count N > replies.jsonl
//        node generate.mjs --valid-array MB > array.jsonl   one reply: a valid array of replies'
//                                                           values, compact, of about MB megabytes
//        node generate.mjs --number-array MB > numbers.jsonl  one reply: [1234,1234,...,0] of MB
//                                                           MiB, test_json_hostile's big valid array
const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--count') + 1] || 20000);
const validArrayMb = args.includes('--valid-array') ? Number(args[args.indexOf('--valid-array') + 1]) : 0;
const numberArrayMb = args.includes('--number-array') ? Number(args[args.indexOf('--number-array') + 1]) : 0;
// --held-out [--kind K]: the held-out kind of corpus, which this generator was not tuned
// on: pretty-printed (two-space) replies of 1.5-2 KB, one fifth each fenced with prose around,
// with trailing commas, single quotes, cut at 80% of their length, Python literals (K: only
// that fifth). A cut reply's expected value is null: `correct` counts the other four fifths.
const heldOut = args.includes('--held-out');
const heldOutKind = args.includes('--kind') ? args[args.indexOf('--kind') + 1] : 'all';

let seed = 0x2545f491;
function rand() { // xorshift32: the same replies on every machine
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed / 0x100000000;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const int = (n) => Math.floor(rand() * n);

const words = ['suspect', 'motive', 'alibi', 'evidence', 'witness', 'timeline', 'clue', 'butler', 'garden',
  'letter', 'poison', 'midnight', 'inheritance', 'detective', 'confession', 'library', 'candle', 'storm'];
const sentence = (n) => Array.from({length: n}, () => pick(words)).join(' ');

function makeValue() {
  const value = {
    title: sentence(3 + int(4)),
    confidence: Math.round(rand() * 100) / 100,
    verdict: rand() < 0.5,
    culprit: rand() < 0.3 ? null : pick(words),
    clues: Array.from({length: 1 + int(5)}, () => ({id: int(1000), note: sentence(4 + int(8)), solid: rand() < 0.5})),
    tags: Array.from({length: int(4)}, () => pick(words)),
    summary: sentence(10 + int(30)),
  };
  return value;
}

// JSON text with the chosen damage: trailing commas, single quotes, Python literals.
function write(v, d, indent = '') {
  const inner = indent + '  ';
  if (v === null) return d.python ? 'None' : 'null';
  if (v === true) return d.python ? 'True' : 'true';
  if (v === false) return d.python ? 'False' : 'false';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return d.single ? "'" + v + "'" : JSON.stringify(v);
  const comma = d.trailing ? ',' : '';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return '[\n' + v.map((x) => inner + write(x, d, inner)).join(',\n') + comma + '\n' + indent + ']';
  }
  const keys = Object.keys(v);
  return '{\n' + keys.map((k) => inner + (d.single ? "'" + k + "'" : JSON.stringify(k)) + ': ' + write(v[k], d, inner))
    .join(',\n') + comma + '\n' + indent + '}';
}

const before = ['', 'Here is the analysis:\n', 'Sure! Based on the evidence, here is my answer.\n\n',
  'I reviewed the case file.\n'];
const after = ['', '\n\nLet me know if you need anything else.', '\nThis reflects the available clues.'];

if (numberArrayMb > 0) {
  const n = Math.floor(numberArrayMb * (1 << 20) / 5);
  const expected = new Array(n).fill(1234);
  expected.push(0);
  process.stdout.write(JSON.stringify({raw: '[' + '1234,'.repeat(n) + '0]', expected, damage: []}) + '\n');
  process.exit(0);
}

if (validArrayMb > 0) {
  const values = [];
  let bytes = 2;
  while (bytes < validArrayMb * 1e6) {
    values.push(makeValue());
    bytes += JSON.stringify(values[values.length - 1]).length + 1;
  }
  process.stdout.write(JSON.stringify({raw: JSON.stringify(values), expected: values, damage: []}) + '\n');
  process.exit(0);
}

if (heldOut) {
  const kinds = ['fenced', 'trailing', 'single', 'cut', 'python'];
  for (let i = 0; i < count; ++i) {
    const kind = heldOutKind === 'all' ? kinds[i % 5] : heldOutKind;
    const value = makeValue();
    const target = 1500 + int(500);
    while (write(value, {}).length < target) value.clues.push({id: int(1000), note: sentence(4 + int(8)), solid: rand() < 0.5});
    const d = {trailing: kind === 'trailing', single: kind === 'single', python: kind === 'python'};
    let text = write(value, d);
    let expected = value;
    if (kind === 'cut') {
      text = text.slice(0, Math.floor(text.length * 0.8));
      expected = null;
    } else if (kind === 'fenced') {
      text = pick(before.slice(1)) + '```json\n' + text + '\n```' + pick(after.slice(1));
    }
    process.stdout.write(JSON.stringify({raw: text, expected, damage: [kind]}) + '\n');
  }
  process.exit(0);
}

for (let i = 0; i < count; ++i) {
  const value = makeValue();
  const d = {trailing: rand() < 0.35, single: rand() < 0.25, python: rand() < 0.25};
  const damage = Object.keys(d).filter((k) => d[k]);
  let text = write(value, d);
  let expected = value;
  if (rand() < 0.2) { // cut off inside the summary, the last member
    const keep = 3 + int(value.summary.length - 3);
    const cut = text.lastIndexOf(d.single ? "'" + value.summary : JSON.stringify(value.summary)) + 1 + keep;
    text = text.slice(0, cut);
    expected = {...value, summary: value.summary.slice(0, keep)};
    damage.push('truncated');
  }
  const wrap = rand();
  if (wrap < 0.4) {
    text = pick(before) + '```' + pick(['json', '']) + '\n' + text + (damage.includes('truncated') ? '' : '\n```' + pick(after));
    damage.push('fenced');
  } else if (wrap < 0.6 && !damage.includes('truncated')) {
    text = pick(before.slice(1)) + text + pick(after);
    damage.push('prose');
  }
  process.stdout.write(JSON.stringify({raw: text, expected, damage}) + '\n');
}
