import { setFlagsFromString } from 'node:v8';

const GROWING_FLAG = '--heap-growing-percent';

/**
 * Whether roomyHeap applies: `ROOMY_HEAP=false` (a memory-tight deployment) keeps V8's default,
 * and so does a `--heap-growing-percent` of the operator's on the node command line, which a
 * setting made at run time would otherwise override. Any other value of ROOMY_HEAP is refused.
 */
export function roomyHeapWanted(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): boolean {
  const setting = env.ROOMY_HEAP ?? 'true';
  if (setting !== 'true' && setting !== 'false') throw new Error(`ROOMY_HEAP must be true or false, not "${setting}"`);
  if (setting === 'false') return false;
  // V8 takes its flags with '-' or '_' and the value after '=' or as the next argument.
  return !execArgv.some((arg) => arg.split('=')[0]!.replaceAll('_', '-') === GROWING_FLAG);
}

/**
 * Lets V8's old generation grow to 4x what a full collection kept (V8's own ceiling) before the
 * next one, instead of the factor V8 picks (about 2x in these processes). Process-wide: called by
 * the entry of a process that needs it (the gateway, the render worker) and by the benchmarks that
 * run that process's code, so they measure it as it runs. Off with ROOMY_HEAP=false or with the
 * operator's own --heap-growing-percent (roomyHeapWanted); returns whether it applied, which the
 * entry logs at start (`roomyHeap: true|false`) so an operator can see the setting in force.
 *
 * Why: V8 starts marking the old generation as soon as the room left below its limit is smaller
 * than the young generation (about 64 MB here), which one scavenge could promote whole. When a
 * full collection keeps 70-100 MB and the limit is set at about twice that, the room is below that
 * mark at once and marking runs nearly all the time: its steps, its write barriers and a full
 * collection every few hundred ms. Measured (docs/benchmarks.md, "The render worker's heap" and
 * the learner analytics' "A roomier heap"): the render worker's full collections per bench:render
 * 14-17 -> 6-7, which stopped the documents' times swinging by 15-70 ms; the gateway's CPU per
 * 100-statement xAPI batch 3.2 -> 2.2 ms. The cost is resident memory: up to about 3x the live
 * heap more before a collection (the render worker +50-80 MB). The project and auth services
 * showed no gain, so they keep V8's default.
 */
export function roomyHeap(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!roomyHeapWanted(env)) return false;
  setFlagsFromString(`${GROWING_FLAG}=300`);
  return true;
}
