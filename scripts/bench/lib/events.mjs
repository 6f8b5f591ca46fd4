// GET /api/events for a bench: the gateway's Server-Sent Events read as they arrive, each event
// handed to `onEvent(name, data, at)` with the time it was read (performance.now()). Resolves
// once the stream said it is connected (within 10 s); `close()` ends it.
import { performance } from 'node:perf_hooks';

export async function followEvents(base, headers, onEvent) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
  let connected;
  const ready = new Promise((resolve) => (connected = resolve));
  const handle = (chunk) => {
    const at = performance.now();
    if (chunk.startsWith(': connected')) connected();
    const name = /^event: (.*)$/m.exec(chunk)?.[1];
    const data = /^data: (.*)$/m.exec(chunk)?.[1];
    if (name && data) onEvent(name, JSON.parse(data), at);
  };
  void (async () => {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          handle(buffer.slice(0, i));
          buffer = buffer.slice(i + 2);
        }
      }
    } catch {
      // closed
    }
  })();
  await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error('GET /api/events sent nothing within 10 s')), 10_000))]);
  return { close: () => controller.abort() };
}
