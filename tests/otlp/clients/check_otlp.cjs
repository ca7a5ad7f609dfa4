// The official OpenAI client, instrumented by the official @opentelemetry/instrumentation-openai
// (message content captured), exporting its spans and GenAI events with the official OTLP/HTTP
// exporters (JSON, gzip) to `conform-cli collect`, while calling `conform-cli serve`.
//   node check_otlp.cjs SERVE_URL COLLECT_URL SCENARIO SCHEMA_FILE [json|proto] [chat|responses|responses-stream]
// (proto: the official *-otlp-proto exporters, protobuf bodies; responses: client.responses.create,
// which the instrumentation records as a "chat" span with gen_ai.system_instructions and the
// gen_ai.input.messages / gen_ai.output.messages of its inference.operation.details events)
// Prints one JSON line: what the client got back (model, reply text, tokens) and whether that
// reply holds against the scenario's schema by ajv, after jsonrepair (peers, not Conform).
// CommonJS on purpose: the instrumentation patches `require('openai')`.
const fs = require('node:fs');
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const [serveUrl, collectUrl, scenario, schemaFile, protocol = 'json', api = 'chat'] = process.argv.slice(2);
const { OTLPTraceExporter } = require(protocol === 'proto' ? '@opentelemetry/exporter-trace-otlp-proto' : '@opentelemetry/exporter-trace-otlp-http');
const { LoggerProvider, BatchLogRecordProcessor } = require('@opentelemetry/sdk-logs');
const { OTLPLogExporter } = require(protocol === 'proto' ? '@opentelemetry/exporter-logs-otlp-proto' : '@opentelemetry/exporter-logs-otlp-http');
const { logs } = require('@opentelemetry/api-logs');
const { resourceFromAttributes } = require('@opentelemetry/resources');
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { OpenAIInstrumentation } = require('@opentelemetry/instrumentation-openai');

const resource = resourceFromAttributes({ 'service.name': scenario });
const tracerProvider = new NodeTracerProvider({
  resource,
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${collectUrl}/v1/traces`, compression: 'gzip' }))],
});
tracerProvider.register();
const loggerProvider = new LoggerProvider({
  resource,
  processors: [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: `${collectUrl}/v1/logs`, compression: 'gzip' }) })],
});
logs.setGlobalLoggerProvider(loggerProvider);
registerInstrumentations({
  instrumentations: [new OpenAIInstrumentation({ captureMessageContent: true })],
  tracerProvider,
  loggerProvider,
});

const { default: OpenAI } = require('openai');
const Ajv = require('ajv/dist/2020').default; // the scenarios' schemas are draft 2020-12
const { jsonrepair } = require('jsonrepair');

// What the client saw, in one shape for both APIs.
async function call(client) {
  const system = 'Answer with one JSON object.';
  const user = `Play the ${scenario} scenario.`;
  if (api === 'chat') {
    const reply = await client.chat.completions.create({
      model: scenario,
      messages: [{ role: 'system', content: system }, { role: 'user', content: user }],
    });
    return { model: reply.model, text: reply.choices[0].message.content, input_tokens: reply.usage.prompt_tokens,
      output_tokens: reply.usage.completion_tokens, finish_reason: reply.choices[0].finish_reason };
  }
  if (api === 'responses') {
    const reply = await client.responses.create({ model: scenario, instructions: system, input: user });
    return { model: reply.model, text: reply.output_text, input_tokens: reply.usage.input_tokens,
      output_tokens: reply.usage.output_tokens, finish_reason: 'stop' }; // the instrumentation's word for a message
  }
  let text = '';
  let final = null;
  for await (const event of await client.responses.create({ model: scenario, instructions: system, input: user, stream: true })) {
    if (event.type === 'response.output_text.delta') text += event.delta;
    if (event.type === 'response.completed') final = event.response;
  }
  return { model: final.model, text, input_tokens: final.usage.input_tokens, output_tokens: final.usage.output_tokens,
    finish_reason: 'stop' };
}

async function main() {
  const client = new OpenAI({ baseURL: `${serveUrl}/v1`, apiKey: 'notakey-otlp-check', maxRetries: 0 });
  const reply = await call(client);
  const text = reply.text;
  const validate = new Ajv({ strict: false, validateFormats: false }).compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
  let valid = false;
  try {
    const fenced = text.match(/```(?:json)?\s*([\s\S]*?)```/); // a reply in a code fence: its inside
    valid = validate(JSON.parse(jsonrepair(fenced ? fenced[1] : text)));
  } catch {
    valid = false;
  }
  await tracerProvider.forceFlush();
  await loggerProvider.forceFlush();
  await tracerProvider.shutdown();
  await loggerProvider.shutdown();
  console.log(JSON.stringify({ ...reply, valid }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
