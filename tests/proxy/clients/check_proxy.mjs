// The official OpenAI and Anthropic clients, each call made twice against `conform-cli serve`:
// directly and through `conform-cli proxy`. What the client gets (the parsed result, or every
// streamed event in order) must be the same both ways; ids and timestamps, which the replay
// server makes fresh for every response, are set aside before comparing.
// Usage: node check_proxy.mjs DIRECT_URL PROXY_URL   (scenario: tests/proxy/data/sdk-task.json)
// Prints "ok   NAME" per call; exits 1 when any differs.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

const [direct, proxied] = process.argv.slice(2);
if (!direct || !proxied) {
  console.error('usage: node check_proxy.mjs DIRECT_URL PROXY_URL');
  process.exit(2);
}

const fresh = new Set(['id', 'created', 'tool_call_id', 'created_at', 'call_id', 'item_id']);
function comparable(value) {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    const out = {};
    for (const [key, item] of Object.entries(value)) out[key] = fresh.has(key) ? '(fresh)' : comparable(item);
    return out;
  }
  return value;
}

let failures = 0;
let session = 0;
async function same(name, call) {
  try {
    // A session per call and route, so the replay server answers each with its first turn.
    const a = JSON.stringify(comparable(await call(direct, `direct-${session}`)));
    const b = JSON.stringify(comparable(await call(proxied, `proxied-${session++}`)));
    if (a !== b) throw new Error(`direct ${a}\n     proxied ${b}`);
    if (!a.includes('Find the cake')) throw new Error(`no answer in ${a}`);
    console.log(`ok   ${name}`);
  } catch (error) {
    failures += 1;
    console.log(`FAIL ${name}: ${error && error.message ? error.message : error}`);
  }
}

async function collect(stream) {
  const events = [];
  for await (const event of stream) events.push(event);
  return events;
}

const messages = [{ role: 'user', content: 'The next task, as JSON.' }];
const task = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false };

const openai = (base, id) => new OpenAI({ apiKey: 'notakey-not-a-real-key-0000', baseURL: `${base}/v1`, maxRetries: 0,
  defaultHeaders: { 'x-conform-session': id } });
const anthropic = (base, id) => new Anthropic({ apiKey: 'notakey-ant-not-a-real-key-0000', baseURL: base, maxRetries: 0,
  defaultHeaders: { 'x-conform-session': id, 'x-conform-schema': 'task' } });
const responseFormat = { type: 'json_schema', json_schema: { name: 'task', schema: task, strict: true } };

await same('openai strict', (base, id) => openai(base, id).chat.completions.create(
  { model: 'sdk-task', messages, response_format: responseFormat }));
await same('openai strict, streamed', async (base, id) => collect(await openai(base, id).chat.completions.create(
  { model: 'sdk-task', messages, response_format: responseFormat, stream: true })));
await same('openai tool', (base, id) => openai(base, id).chat.completions.create(
  { model: 'sdk-task', messages, tools: [{ type: 'function', function: { name: 'task', parameters: task } }],
    tool_choice: { type: 'function', function: { name: 'task' } } }));
await same('anthropic text', (base, id) => anthropic(base, id).messages.create(
  { model: 'sdk-task', max_tokens: 256, messages }));
await same('anthropic text, streamed', async (base, id) => collect(await anthropic(base, id).messages.create(
  { model: 'sdk-task', max_tokens: 256, messages, stream: true })));
await same('anthropic tool', (base, id) => anthropic(base, id).messages.create(
  { model: 'sdk-task', max_tokens: 256, messages, tools: [{ name: 'task', description: 'The task', input_schema: task }],
    tool_choice: { type: 'tool', name: 'task' } }));

// The Responses API: text.format named "task" (in the schema map), streamed and not, a strict
// function tool, and a format the map does not name (judged by the schema it carries).
const textFormat = (name) => ({ format: { type: 'json_schema', name, schema: task, strict: true } });
const input = 'The next task, as JSON.';
await same('responses strict', (base, id) => openai(base, id).responses.create(
  { model: 'sdk-task', input, text: textFormat('task') }));
await same('responses strict, streamed', async (base, id) => collect(await openai(base, id).responses.create(
  { model: 'sdk-task', input, text: textFormat('task'), stream: true })));
await same('responses tool', (base, id) => openai(base, id).responses.create(
  { model: 'sdk-task', input, tools: [{ type: 'function', name: 'task', parameters: task, strict: true }],
    tool_choice: { type: 'function', name: 'task' } }));
await same('responses, schema in the request', (base, id) => openai(base, id).responses.create(
  { model: 'sdk-task', input, text: textFormat('inline_task') }));

console.log(failures ? `${failures} call(s) differ` : 'all calls the same through the proxy');
process.exit(failures ? 1 : 0);
