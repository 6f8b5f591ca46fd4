// The samples of a voice to clone, read from a multipart body into storage under the body's time
// limits, as for every upload: a timeout ends the sample being read (its write fails) and answers
// 408 with `Connection: close`. The caller removes the samples once used.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { VOICE_SAMPLE_UPLOAD, formatBytes } from '@trainwright/catalogue';
import { AppError, ByteLimit, type ObjectStorage } from '@trainwright/platform';
import { BodyDeadline, type BodyTimeouts } from '../../lib/body-deadline.js';
import { refuseNul } from '../../plugins/request-limits.js';

const CLONE_MAX_BYTES = VOICE_SAMPLE_UPLOAD.maxBytes;
const CLONE_MAX_FILES = 10;

export interface VoiceSample {
  filename: string;
  storageKey: string;
  size: number;
}

/**
 * Reads the body's text fields and stores its files as samples of `companyId`. Each sample is put
 * into `samples` before it is written, so that the caller removes every file written, also when
 * reading fails.
 */
export async function receiveVoiceSamples(
  request: FastifyRequest,
  reply: FastifyReply,
  to: { storage: ObjectStorage; companyId: string; timeouts: BodyTimeouts },
  samples: VoiceSample[],
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const deadline = new BodyDeadline(request.raw, to.timeouts);
  let reading: MultipartFile | undefined;
  deadline.onExpire((error) => reading?.file.destroy(error));
  const readSamples = async () => {
    for await (const part of request.parts({ limits: { files: CLONE_MAX_FILES, fields: 5, fieldSize: 2000, fileSize: CLONE_MAX_BYTES * 4 } })) {
      deadline.check();
      if (part.type === 'field') {
        fields[part.fieldname] = refuseNul(part.fieldname, String(part.value));
        continue;
      }
      const ext = (/\.[a-z0-9]{1,5}$/i.exec(part.filename)?.[0] ?? '').toLowerCase();
      const storageKey = `companies/${to.companyId}/voice-samples/${randomUUID()}${ext}`;
      // Samples need no field: name and description may come before or after them.
      const limit = ByteLimit.over(part.file, CLONE_MAX_BYTES);
      reading = part;
      samples.push({ filename: part.filename, storageKey, size: 0 });
      await to.storage.put(storageKey, limit).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
          throw AppError.validation('files', `${part.filename} is larger than ${formatBytes(CLONE_MAX_BYTES)} (${(limit.bytes / 1048576).toFixed(1)} MB).`);
        }
        throw error;
      });
      samples[samples.length - 1]!.size = limit.bytes;
    }
    reading = undefined;
    deadline.check();
    deadline.stop();
  };
  const read = readSamples();
  try {
    await Promise.race([read, deadline.expired]);
    return fields;
  } catch (error) {
    if (!deadline.error) throw error;
    // Wait a moment for the sample being written to end, then answer (and close).
    await Promise.race([read.catch(() => {}), new Promise((r) => setTimeout(r, 1000).unref())]);
    void reply.header('connection', 'close');
    throw deadline.error;
  } finally {
    deadline.stop();
  }
}
