// Points the official Anthropic, OpenAI and Ollama clients at a running Conform replay server
// and checks that a plain call, a streamed call, a tool call and a retried 429 all parse,
// over OpenAI's Chat Completions and its Responses API (responses.create, .parse, .stream).
// Usage: node check.mjs http://127.0.0.1:PORT   (scenarios: tests/server/data/sdk*.json)
// Prints one line per check; exits 1 when any check fails.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { Ollama } from 'ollama';

const base = process.argv[2];
if (!base) {
  console.error('usage: node check.mjs http://127.0.0.1:PORT');
  process.exit(2);
}

let failures = 0;
async function check(name, fn) {
  try {
    const detail = await fn();
    console.log(`ok   ${name}${detail ? ' ' + detail : ''}`);
  } catch (error) {
    failures += 1;
    console.log(`FAIL ${name}: ${error && error.message ? error.message : error}`);
  }
}

function expect(condition, what) {
  if (!condition) throw new Error(what);
}

function expectPayload(value, n) {
  expect(value && value.ok === true && value.n === n, `expected {ok: true, n: ${n}}, got ${JSON.stringify(value)}`);
}

const messages = [{ role: 'user', content: 'Reply with the JSON object.' }];

async function anthropicChecks() {
  const client = new Anthropic({ apiKey: 'fake-ant-test-not-a-key', baseURL: base,
    defaultHeaders: { 'x-conform-session': 'anthropic' }, maxRetries: 2 });
  const tool = { name: 'record', description: 'Record the answer', input_schema: { type: 'object' } };
  await check('anthropic create', async () => {
    const message = await client.messages.create({ model: 'sdk', max_tokens: 100, messages });
    expect(message.content[0].type === 'text', 'a text block');
    expectPayload(JSON.parse(message.content[0].text), 3);
    expect(message.stop_reason === 'end_turn', `stop_reason ${message.stop_reason}`);
    expect(message.usage.output_tokens === 7, 'usage');
  });
  await check('anthropic stream', async () => {
    let text = '';
    const stream = client.messages.stream({ model: 'sdk', max_tokens: 100, messages });
    stream.on('text', (delta) => { text += delta; });
    const message = await stream.finalMessage();
    expectPayload(JSON.parse(text), 3);
    expect(message.content[0].text === text, 'final message matches the deltas');
  });
  await check('anthropic tool', async () => {
    const message = await client.messages.create({ model: 'sdk', max_tokens: 100, messages, tools: [tool],
      tool_choice: { type: 'tool', name: 'record' } });
    const block = message.content[0];
    expect(block.type === 'tool_use' && block.name === 'record', `a tool_use block, got ${JSON.stringify(block)}`);
    expectPayload(block.input, 3);
    expect(message.stop_reason === 'tool_use', 'stop_reason tool_use');
  });
  await check('anthropic tool stream', async () => {
    const stream = client.messages.stream({ model: 'sdk', max_tokens: 100, messages, tools: [tool],
      tool_choice: { type: 'tool', name: 'record' } });
    const message = await stream.finalMessage();
    expectPayload(message.content[0].input, 3);
  });
  await check('anthropic 429 then retry', async () => {
    const message = await client.messages.create({ model: 'sdk-retry', max_tokens: 100, messages });
    expectPayload(JSON.parse(message.content[0].text), 5);
  });
}

async function openAiChecks() {
  const client = new OpenAI({ apiKey: 'notakey-test-not-a-key', baseURL: `${base}/v1`,
    defaultHeaders: { 'x-conform-session': 'openai' }, maxRetries: 2 });
  const tools = [{ type: 'function', function: { name: 'record', parameters: { type: 'object' } } }];
  await check('openai create', async () => {
    const completion = await client.chat.completions.create({ model: 'sdk', messages });
    expectPayload(JSON.parse(completion.choices[0].message.content), 3);
    expect(completion.choices[0].finish_reason === 'stop', 'finish_reason stop');
    expect(completion.usage.total_tokens === 19, 'usage');
  });
  await check('openai stream', async () => {
    const stream = await client.chat.completions.create({ model: 'sdk', messages, stream: true,
      stream_options: { include_usage: true } });
    let text = '';
    let usage = null;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      if (chunk.choices.length) text += chunk.choices[0].delta.content || '';
    }
    expectPayload(JSON.parse(text), 3);
    expect(usage && usage.completion_tokens === 7, 'the usage chunk');
  });
  await check('openai tool', async () => {
    const completion = await client.chat.completions.create({ model: 'sdk', messages, tools, tool_choice: 'required' });
    const call = completion.choices[0].message.tool_calls[0];
    expect(call.function.name === 'record', 'the tool name');
    expectPayload(JSON.parse(call.function.arguments), 3);
  });
  await check('openai tool stream', async () => {
    const stream = await client.chat.completions.create({ model: 'sdk', messages, tools, stream: true,
      tool_choice: { type: 'function', function: { name: 'record' } } });
    let args = '';
    for await (const chunk of stream)
      for (const call of chunk.choices[0]?.delta?.tool_calls || []) args += call.function?.arguments || '';
    expectPayload(JSON.parse(args), 3);
  });
  await check('openai 429 then retry', async () => {
    const completion = await client.chat.completions.create({ model: 'sdk-retry', messages });
    expectPayload(JSON.parse(completion.choices[0].message.content), 5);
  });
}

// The Responses API: text.format json_schema (strict), a strict function tool, plain and
// streamed, parsed by the client's own helpers.
async function responsesChecks() {
  const client = new OpenAI({ apiKey: 'notakey-test-not-a-key', baseURL: `${base}/v1`,
    defaultHeaders: { 'x-conform-session': 'responses' }, maxRetries: 2 });
  const schema = { type: 'object', properties: { ok: { type: 'boolean' }, n: { type: 'integer' } },
    required: ['ok', 'n'], additionalProperties: false };
  const text = { format: { type: 'json_schema', name: 'payload', schema, strict: true } };
  const tools = [{ type: 'function', name: 'record', description: 'Record the answer', parameters: schema, strict: true }];
  const input = 'Reply with the JSON object.';
  await check('responses create json_schema', async () => {
    const response = await client.responses.create({ model: 'sdk', input, text });
    expectPayload(JSON.parse(response.output_text), 3);
    expect(response.status === 'completed', `status ${response.status}`);
    expect(response.usage.output_tokens === 7 && response.usage.input_tokens === 12, 'usage');
  });
  await check('responses create stream', async () => {
    const stream = await client.responses.create({ model: 'sdk', input, text, stream: true });
    let deltas = '';
    let completed = null;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') deltas += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expectPayload(JSON.parse(deltas), 3);
    expect(completed && completed.output[0].content[0].text === deltas, 'the final response matches the deltas');
    expect(completed.usage.output_tokens === 7, 'usage in response.completed');
  });
  await check('responses parse json_schema', async () => {
    const response = await client.responses.parse({ model: 'sdk', input, text });
    expectPayload(response.output_parsed, 3);
  });
  await check('responses stream helper', async () => {
    const stream = client.responses.stream({ model: 'sdk', input, text });
    let deltas = '';
    stream.on('response.output_text.delta', (event) => { deltas += event.delta; });
    const response = await stream.finalResponse();
    expectPayload(JSON.parse(deltas), 3);
    expectPayload(response.output_parsed, 3);
  });
  await check('responses strict function tool', async () => {
    const response = await client.responses.create({ model: 'sdk', input, tools,
      tool_choice: { type: 'function', name: 'record' } });
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call && call.name === 'record' && call.call_id, `a function_call item, got ${JSON.stringify(response.output)}`);
    expectPayload(JSON.parse(call.arguments), 3);
  });
  await check('responses parse strict function tool', async () => {
    const response = await client.responses.parse({ model: 'sdk', input, tools, tool_choice: 'required' });
    const call = response.output.find((item) => item.type === 'function_call');
    expectPayload(call.parsed_arguments, 3);
  });
  await check('responses function tool stream', async () => {
    const stream = await client.responses.create({ model: 'sdk', input, tools, stream: true,
      tool_choice: { type: 'function', name: 'record' } });
    let args = '';
    let done = null;
    for await (const event of stream) {
      if (event.type === 'response.function_call_arguments.delta') args += event.delta;
      if (event.type === 'response.function_call_arguments.done') done = event.arguments;
    }
    expectPayload(JSON.parse(args), 3);
    expect(done === args, 'arguments.done matches the deltas');
  });
  await check('responses scenario tool call', async () => {
    const response = await client.responses.create({ model: 'sdk-tool', input, tools });
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call && call.name === 'record', `the scenario's tool call, got ${JSON.stringify(response.output)}`);
    expectPayload(JSON.parse(call.arguments), 4);
  });
  await check('responses 429 then retry', async () => {
    const response = await client.responses.create({ model: 'sdk-retry', input, text });
    expectPayload(JSON.parse(response.output_text), 5);
  });
}

async function ollamaChecks() {
  const client = new Ollama({ host: base, headers: { 'x-conform-session': 'ollama' } });
  await check('ollama chat', async () => {
    const response = await client.chat({ model: 'sdk', messages, stream: false });
    expectPayload(JSON.parse(response.message.content), 3);
    expect(response.done === true, 'done');
  });
  await check('ollama stream', async () => {
    let text = '';
    for await (const part of await client.chat({ model: 'sdk', messages, stream: true }))
      text += part.message.content;
    expectPayload(JSON.parse(text), 3);
  });
  await check('ollama tool', async () => {
    const response = await client.chat({ model: 'sdk-tool', messages, stream: false,
      tools: [{ type: 'function', function: { name: 'record', description: 'Record', parameters: { type: 'object', properties: {} } } }] });
    const call = response.message.tool_calls[0];
    expect(call.function.name === 'record', 'the tool name');
    expectPayload(call.function.arguments, 4);
  });
  await check('ollama list', async () => {
    const list = await client.list();
    expect(list.models.some((m) => m.name === 'sdk'), 'the scenario listed as a model');
  });
}

await anthropicChecks();
await openAiChecks();
await responsesChecks();
await ollamaChecks();
console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
process.exit(failures ? 1 : 0);
