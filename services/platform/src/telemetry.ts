// OpenTelemetry traces. Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set, so nothing costs anything
// when no collector listens: the SDK (about half a second to load) is imported only when tracing
// starts. With it, HTTP, gRPC and pg calls are traced and the context crosses gRPC metadata (W3C
// traceparent). A process starts it through trace-preload.ts, before its own modules load.
import type { NodeSDK } from '@opentelemetry/sdk-node';

let sdk: NodeSDK | undefined;

export async function startTelemetry(serviceName: string, endpoint: string | undefined): Promise<boolean> {
  if (!endpoint || sdk) return false;
  const [{ NodeSDK }, { OTLPTraceExporter }, { GrpcInstrumentation }, { HttpInstrumentation }, { PgInstrumentation }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-grpc'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/resources'),
    ]);
  sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [new HttpInstrumentation(), new GrpcInstrumentation(), new PgInstrumentation()],
  });
  sdk.start();
  return true;
}

/** Sends the spans not sent yet and stops tracing (onShutdown calls it last). */
export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}
