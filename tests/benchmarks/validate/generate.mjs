// Writes the validation benchmark's input: for each schema, a JSONL file of model replies
// (one JSON text per line, 1-2 KB each, about a third of them invalid in the ways the seeds
// report: wrong enum case, missing or extra fields, wrong types, arrays too short, broken
// syntax). Deterministic: the same seed and count always give the same bytes.
//
//   node generate.mjs --out DIR [--count N] [--seed S]
//   -> DIR/review-structure.jsonl, DIR/analysis-report.jsonl, DIR/question-generator.jsonl
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { draws, rng } from '../random.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs, []));
const out = args.out;
const count = Number(args.count ?? 10000);
const seed = Number(args.seed ?? 20261122);
if (!out) { console.error('usage: node generate.mjs --out DIR [--count N] [--seed S]'); process.exit(2); }

let { random, int, pick, chance } = draws(rng(seed));

const WORDS = ('the site access cycle route junction parking stand shelter towpath station crossing ' +
  'priority filter bollard width gradient visibility desire line footway carriageway signal ' +
  'toucan zebra kerb buffer lighting surface tactile ramp contraflow residents school bus stop ' +
  'developer layout dwellings spaces covered secure proposed existing required policy plan ' +
  'evidence traffic speed volume network connection permeability segregation conflict ' +
  'cake kitchen fridge counter party speech headache key manager tea recycling box email ' +
  'apology organiser balloons playlist witness alibi timeline afternoon Friday Monday').split(' ');
const EXTRAS = ['café', 'naïve', '“quoted”', 'naïveté', '— dash', '20 mph', '3 m', '1/20', 'Zoë', '✓'];

function sentence(min = 8, max = 18) {
  const n = int(min, max);
  const words = [];
  for (let i = 0; i < n; ++i) words.push(chance(0.04) ? pick(EXTRAS) : pick(WORDS));
  let s = words.join(' ');
  if (chance(0.08)) s += ' "as the statement puts it"';
  s = s[0].toUpperCase() + s.slice(1) + '.';
  return chance(0.05) ? s + '\nSee the appendix.' : s;
}
const sentences = (k) => Array.from({ length: k }, () => sentence()).join(' ');
const RATINGS = ['red', 'amber', 'green'];
const CATEGORIES = ['Transport & Access', 'Design & Layout', 'Application Core'];
const ASPECTS = ['Cycle Parking', 'Cycle Routes', 'Junctions', 'Permeability', 'Policy Compliance', 'Construction Phase Impacts'];

function reviewStructure() {
  return {
    overall_rating: pick(RATINGS),
    summary: sentences(2),
    aspects: Array.from({ length: int(1, 4) }, () => ({
      name: pick(ASPECTS), rating: pick(RATINGS), key_issue: sentence(), analysis: sentences(int(1, 2)) })),
    policy_compliance: Array.from({ length: int(1, 3) }, () => ({
      requirement: sentence(6, 10), policy_source: pick(['LTN 1/20', 'Local Plan T2', 'NPPF para 116', 'Manual for Streets']),
      compliant: chance(0.5), notes: sentence() })),
    recommendations: Array.from({ length: int(0, 3) }, () => sentence()),
    suggested_conditions: Array.from({ length: int(0, 2) }, () => sentence()),
    key_documents: Array.from({ length: int(1, 2) }, () => ({
      title: sentence(2, 4), category: pick(CATEGORIES), summary: sentence(), url: chance(0.5) ? null : 'https://planning.example.gov.uk/doc/' + int(1000, 9999) })),
  };
}

function analysisReport() {
  return {
    timeline: Array.from({ length: int(3, 7) }, () => ({ time: `${int(1, 12)}:${String(int(0, 59)).padStart(2, '0')}pm`, event: sentence() })),
    key_facts: Array.from({ length: int(2, 5) }, () => sentence()),
    gaps: Array.from({ length: int(0, 3) }, () => sentence()),
    verdict: {
      primary_responsibility: pick(['Dev', 'Priya', 'Marco', 'the organiser', 'nobody in particular']),
      percentage: int(0, 100), reasoning: sentences(2),
      contributing_factors: sentence(), drama_rating: int(1, 10), drama_rating_explanation: sentence(),
    },
  };
}

function questionGenerator() {
  return {
    question: sentence(8, 14).replace(/\.$/, '?'),
    target_goal: sentence(6, 10),
    reasoning: sentences(2),
    answers: Array.from({ length: 4 }, () => ({ answer: sentence(3, 8), reasoning: sentences(int(1, 2)) })),
  };
}

// Schema failures: each returns a changed copy that the schema must refuse.
const BREAKERS = {
  'review-structure': [
    (d) => ({ ...d, overall_rating: d.overall_rating[0].toUpperCase() + d.overall_rating.slice(1) }),
    (d) => ({ ...d, overall_rating: 'yellow' }),
    (d) => ({ ...d, aspects: [] }),
    (d) => { const { summary, ...rest } = d; return rest; },
    (d) => ({ ...d, policy_compliance: d.policy_compliance.map((p, i) => i ? p : { ...p, compliant: 'yes' }) }),
    (d) => ({ ...d, key_documents: d.key_documents.map((k, i) => i ? k : { ...k, category: 'Transport and Access' }) }),
    (d) => ({ ...d, suggested_conditions: null }),
    (d) => ({ ...d, aspects: d.aspects.map((a, i) => i ? a : { ...a, score: 3 }) }),
    (d) => ({ ...d, policy_compliance: d.policy_compliance.map((p, i) => i ? p : { ...p, compliant: 'true' }) }),
  ],
  'analysis-report': [
    (d) => ({ ...d, verdict: { ...d.verdict, drama_rating: 0 } }),
    (d) => ({ ...d, verdict: { ...d.verdict, percentage: 0.6 } }),
    (d) => ({ ...d, verdict: { ...d.verdict, drama_rating: '7/10' } }),
    (d) => ({ ...d, verdict: { ...d.verdict, percentage: String(d.verdict.percentage) } }), // a number as a string
    (d) => { const { verdict, ...rest } = d; return rest; },
    (d) => ({ ...d, timeline: d.timeline.map((t, i) => i ? t : { when: t.time, event: t.event }) }),
    (d) => ({ ...d, key_facts: d.key_facts.join(' ') }),
  ],
  'question-generator': [
    (d) => ({ ...d, answers: d.answers.slice(0, 3) }),
    (d) => ({ ...d, answers: [...d.answers, { answer: 'None of the above', reasoning: 'A fifth option.' }] }),
    (d) => ({ ...d, answers: d.answers.map((a) => a.answer) }),
    (d) => { const { target_goal, ...rest } = d; return rest; },
    (d) => ({ ...d, follow_up: sentence() }),
    (d) => ({ ...d, question: '' }),
  ],
};
const MAKERS = { 'review-structure': reviewStructure, 'analysis-report': analysisReport, 'question-generator': questionGenerator };

// Syntax failures: text no JSON parser accepts.
const SYNTAX_BREAKERS = [
  (t) => t.slice(0, Math.floor(t.length * (0.5 + random() * 0.4))),         // truncated
  (t) => t.replace(/"\s*}$/, '",}').replace(/}$/, ',}'),                      // trailing comma
  (t) => "{'" + t.slice(2),                                                   // single quote
];

function fitSize(make) {
  // Keep the 1-2 KB shape of real replies: regenerate until the text is in range.
  for (;;) {
    const d = make();
    const n = Buffer.byteLength(JSON.stringify(d));
    if (n >= 1000 && n <= 2100) return d;
  }
}

mkdirSync(out, { recursive: true });
for (const [name, make] of Object.entries(MAKERS)) {
  ({ random, int, pick, chance } = draws(rng(seed ^ name.length * 7919)));
  const lines = [];
  for (let i = 0; i < count; ++i) {
    let doc = fitSize(make);
    const roll = random();
    if (roll < 0.30) doc = pick(BREAKERS[name])(doc);
    let text = JSON.stringify(doc);
    if (roll >= 0.30 && roll < 0.34) text = pick(SYNTAX_BREAKERS)(text);
    // 60.0 is an integer to JSON Schema: the validators must agree on that too.
    if (name === 'analysis-report' && chance(0.03)) text = text.replace(/"percentage":(\d+)/, '"percentage":$1.0');
    lines.push(text);
  }
  writeFileSync(join(out, `${name}.jsonl`), lines.join('\n') + '\n');
}
