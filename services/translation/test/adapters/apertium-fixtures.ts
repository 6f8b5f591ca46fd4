// Shared by apertium.test.ts and apertium.timed.test.ts: enough text that an aborted translation
// is still running when it is aborted.
export function manySentences(): string[] {
  return Array.from({ length: 3000 }, (_v, i) => `Sentence ${'abcdefghij'[i % 10]} about the warehouse and the brakes of the forklift.`);
}
