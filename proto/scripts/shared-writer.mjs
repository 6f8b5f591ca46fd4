// After `buf generate`: the gRPC definitions ts-proto writes serialize every message with a new
// BinaryWriter, whose buffer starts at 1 KB and grows by doubling copies. A 120 KB batch of xAPI
// statements made 512 KB of ArrayBuffers that way, and that memory outside the heap made V8 run a
// full collection every hundred or so messages (a loop: 26 mark-compacts per 3,000 messages and
// 131-194 µs a message, against 8 and 55-60 µs with one writer kept for every message). This step
// points each definition's serializers at gen/encode-to-buffer.ts, which keeps one writer.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const gen = join(dirname(fileURLToPath(import.meta.url)), '..', 'gen');
const SERIALIZE = /Buffer\.from\((\w+)\.encode\(value\)\.finish\(\)\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

writeFileSync(
  join(gen, 'encode-to-buffer.ts'),
  `// Written by proto/scripts/shared-writer.mjs (see there why): one BinaryWriter for every message
// this process serializes for gRPC. Encoding is synchronous, so one writer serves all; finish()
// copies the bytes out and rewinds it, and its buffer stays for the next message.
import { BinaryWriter } from "@bufbuild/protobuf/wire";

/** A message larger than this gets a fresh writer afterwards, so that one huge message does not keep its buffer. */
const KEEP_BYTES = 1 << 20;
let writer = new BinaryWriter();

export function encodeToBuffer<T>(type: { encode(message: T, writer?: BinaryWriter): BinaryWriter }, value: T): Buffer {
  let bytes: Uint8Array;
  try {
    bytes = type.encode(value, writer).finish();
  } catch (error) {
    // A message that failed half-way leaves the writer mid-message.
    writer = new BinaryWriter();
    throw error;
  }
  if (bytes.byteLength > KEEP_BYTES) writer = new BinaryWriter();
  // finish() made a copy of its own: wrapped, not copied again.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
`,
);

let rewritten = 0;
for (const path of files(gen)) {
  if (path.endsWith('encode-to-buffer.ts')) continue;
  const source = readFileSync(path, 'utf8');
  let count = 0;
  const out = source.replace(SERIALIZE, (_, type) => {
    count++;
    return `encodeToBuffer(${type}, value)`;
  });
  if (count === 0) continue;
  const from = relative(dirname(path), join(gen, 'encode-to-buffer.js')).replaceAll('\\', '/');
  const importLine = `import { encodeToBuffer } from "${from.startsWith('.') ? from : `./${from}`}";\n`;
  writeFileSync(path, out.replace(/^import /m, `${importLine}import `));
  rewritten += count;
}
// ts-proto writing its serializers another way would silently undo this: stop the build instead.
if (rewritten === 0) throw new Error('shared-writer.mjs: no gRPC serializer found to rewrite (has ts-proto changed its output?)');
console.log(`shared-writer.mjs: ${rewritten} gRPC serializers use one BinaryWriter`);
