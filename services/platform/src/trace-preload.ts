// Loaded before a process's own modules: `node --import @trainwright/platform/trace-preload <entry>`
// (every launcher does so: scripts/lib/stack.mjs and the packages' start scripts). OpenTelemetry
// patches grpc-js, pg and http only as they load, and an ES module loads them through the import
// hook registered here, so tracing must start before the entry imports anything. Without
// OTEL_EXPORTER_OTLP_ENDPOINT it does nothing. The spans are labelled OTEL_SERVICE_NAME (set by
// scripts/lib/stack.mjs to the process's name), else the package's name under `npm start`.
import { register } from 'node:module';
import { startTelemetry } from './telemetry.js';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint) {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  await startTelemetry(process.env.OTEL_SERVICE_NAME || process.env.npm_package_name || 'trainwright', endpoint);
}
