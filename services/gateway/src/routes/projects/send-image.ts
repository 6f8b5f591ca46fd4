// An image we keep or draw (a logo, a preview slide), sent as an image only: never sniffed into
// anything else (nosniff comes with every answer), nothing it could load or run.
import type { FastifyReply } from 'fastify';

export function sendImage(reply: FastifyReply, contentType: string, size: number, cacheControl: string, body: Buffer | NodeJS.ReadableStream) {
  void reply
    .header('content-type', contentType)
    .header('content-length', String(size))
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cacheControl);
  return reply.send(body);
}
