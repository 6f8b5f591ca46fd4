import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what a full collection kept: 4x (V8's own
 * ceiling), instead of the factor it picks itself (about 2x in a render worker).
 *
 * Why: V8 starts marking the old generation as soon as the room left below its limit is smaller
 * than the young generation, which can promote that much in one scavenge. In a render worker
 * about 70 MB survive each full collection and the young generation holds about 64 MB, so at 2x
 * the room is gone right after every collection and marking ran almost all the time: one or two
 * full collections per round of bench:render (a document set and a video), each putting 15-70 ms
 * of marking and compaction into whichever document was being rendered. At 4x they are half as
 * many and the documents' times stop swinging (docs/benchmarks.md, "The render worker's heap");
 * the cost is about 50-80 MB more resident memory per worker.
 *
 * Process-wide, so only a process that renders calls it: the render worker's entry and the render
 * benchmark, which measures the renderers as the worker runs them.
 */
export function tuneRenderHeap(): void {
  setFlagsFromString('--heap-growing-percent=300');
}
