// Before the workers start: a folder where each worker writes down its shared stack (environment.mjs).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup() {
  process.env.TW_SHARED_STACKS_DIR = mkdtempSync(join(tmpdir(), 'tw-shared-stacks-'));
}
