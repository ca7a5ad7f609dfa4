// Captures for the store benchmark: COUNT run documents shaped exactly like `captures show
// --json` prints them, varied from one real capture (the template) the way a month of runs
// varies: four targets, outcomes and repairs in realistic proportions, latencies from a
// long-tailed distribution, replies that are valid, invalid or cut off. Deterministic.
//   node generate.mjs --template T.json --out captures.jsonl --count 100000 [--causes N]
// --causes N: the invalid attempts lack one of N different things (each its own pair of
// findings, with random array indices), so the failures fall into several clusters per
// outcome; without it every invalid attempt has the same issue (and the output is as before).
import fs from 'node:fs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => (i % 2 ? pairs : [...pairs, [a.replace(/^--/, ''), all[i + 1]]]), []));
const count = Number(args.count ?? 100000);
const causes = Number(args.causes ?? 0);
const codes = ['too_small', 'invalid_type', 'too_big', 'invalid_string'];
// Cause k: something at /goals/<any index> and a missing field of its own.
const issuesOf = (k) => [
  { code: codes[k % codes.length], path: ['goals', Math.floor(random() * 7)], message: `Goal problem ${k}` },
  { code: 'invalid_type', expected: 'string', received: 'undefined', path: [`field_${Math.floor(k / codes.length)}`], message: 'Required' }];
const template = JSON.parse(fs.readFileSync(args.template, 'utf8'));

let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (list) => list[Math.floor(random() * list.length)];
const targets = [['openai', 'gpt-4o-mini', 'strict'], ['openai', 'gpt-4.1', 'strict'], ['anthropic', 'claude-sonnet-4', 'tool'], ['ollama', 'llama3.1', 'json-object']];
const verbs = ['Establish', 'Find out', 'Confirm', 'Determine', 'Learn'];
const topics = ['who noticed the missing invoice first', 'when the shared calendar was last edited', 'why the handover note was left unsigned',
  'whether the dispute was raised with the manager', 'what was said in the Tuesday stand-up', 'how the budget figure reached the client',
  'which messages were deleted from the group chat', 'who had access to the archive room'];
const goals = (n) => Array.from({ length: n }, () => `${pick(verbs)} ${pick(topics)}.`);
const start = Date.parse('2026-10-24T00:00:00Z');
const spanMs = 30 * 24 * 3600 * 1000;
const hex = (n, width) => n.toString(16).padStart(width, '0');

const out = fs.createWriteStream(args.out);
const attemptTemplate = template.attempts[0];
for (let i = 0; i < count; ++i) {
  const [provider, model, mode] = targets[i % targets.length];
  const roll = random();
  // 88% valid at once, 7% repaired, 1% fallback, 4% failed (of which a quarter truncated).
  const outcome = roll < 0.88 ? 'valid' : roll < 0.95 ? 'repaired' : roll < 0.96 ? 'fallback' : 'failed';
  const repairs = outcome === 'repaired' ? 1 + Math.floor(random() * 2) : outcome === 'failed' || outcome === 'fallback' ? 2 : 0;
  const truncated = outcome === 'failed' && random() < 0.25;
  const attempts = [];
  let latencyTotal = 0;
  for (let a = 0; a <= repairs; ++a) {
    const last = a === repairs;
    const valid = last && outcome !== 'failed';
    const n = valid ? 5 + Math.floor(random() * 3) : 3 + Math.floor(random() * 2);
    let raw = JSON.stringify({ goals: goals(n) });
    if (truncated && last) raw = raw.slice(0, raw.length - 40);
    const latency = Math.round(300 + Math.exp(6 + random() * 2.5));
    latencyTotal += latency;
    const usage = { input: 900 + Math.floor(random() * 400), output: Math.ceil(raw.length / 4), cached: random() < 0.3 ? 512 : 0 };
    attempts.push({ ...attemptTemplate, target: `${provider}/${model}`, mode: last && outcome === 'fallback' ? 'text' : mode, repair: a, raw,
      parsed: true, value: JSON.parse(truncated && last ? '{}' : raw), valid,
      issues: valid ? [] : causes > 0 ? issuesOf(Math.floor(random() * causes))
        : [{ code: 'too_small', minimum: 5, type: 'array', inclusive: true, exact: false, path: ['goals'], message: 'Array must contain at least 5 element(s)', schemaPath: '/properties/goals/minItems' }],
      stop_reason: truncated && last ? 'max_tokens' : 'end', usage, latency_ms: latency, retries: [] });
  }
  const time = start + Math.floor((i / count) * spanMs);
  const id = `${hex(time, 12).slice(0, 8)}-${hex(time, 12).slice(8)}-7${hex(i, 3).slice(-3)}-8${hex(i >> 12, 3).slice(-3)}-${hex(i, 12)}`;
  const doc = { id, time: new Date(time).toISOString(), labels: i % 10 === 0 ? { case: `c${i % 50}`, suite: 'nightly' } : {},
    spec: { ...template.spec, targets: [{ provider, model, base_url: '', mode: 'auto' }] },
    outcome, flags: truncated ? ['truncated'] : [], value: outcome === 'failed' ? null : attempts[attempts.length - 1].value, attempts,
    metrics: { attempts: attempts.length, repairs, transport_retries: 0, latency_ms: latencyTotal,
      tokens: attempts.reduce((t, a) => ({ input: t.input + a.usage.input, output: t.output + a.usage.output, cached: t.cached + a.usage.cached }), { input: 0, output: 0, cached: 0 }),
      parse_ok_first: true, first_try_valid: attempts[0].valid } };
  if (!out.write(JSON.stringify(doc) + '\n')) await new Promise((resolve) => out.once('drain', resolve));
}
out.end();
