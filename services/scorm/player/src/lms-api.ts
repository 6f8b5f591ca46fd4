// The SCORM runtime API the LMS provides: found as ADL's algorithm finds it (this window, then
// its parents, then the opener's, up to 500 levels), and one interface over 1.2 and 2004.
import type { ScormRuntimeVersion } from './scorm-data.js';
import type { LmsConnection } from './scorm-tracker.js';

// The method names of each version's API object (1.2 prefixes them with LMS, and says Finish).
const METHODS = {
  '1.2': { initialize: 'LMSInitialize', terminate: 'LMSFinish', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', lastError: 'LMSGetLastError' },
  '2004': { initialize: 'Initialize', terminate: 'Terminate', get: 'GetValue', set: 'SetValue', commit: 'Commit', lastError: 'GetLastError' },
} as const;

type ApiMethod = (...args: string[]) => unknown;

const API_NAMES: Record<ScormRuntimeVersion, string> = { '1.2': 'API', '2004': 'API_1484_11' };
const MAX_PARENTS = 500;

type Frame = Window & Record<string, unknown>;

/** The API object in `start` or one of its parents; frames of another origin are skipped. */
function scan(start: Window | null, name: string): unknown {
  let frame = start as Frame | null;
  for (let depth = 0; frame && depth <= MAX_PARENTS; depth++) {
    try {
      if (frame[name]) return frame[name];
    } catch {
      // Another origin's frame: its properties cannot be read.
    }
    if (!frame.parent || frame.parent === frame) break;
    frame = frame.parent as Frame;
  }
  return null;
}

function findApi(version: ScormRuntimeVersion, win: Window): unknown {
  const name = API_NAMES[version];
  const opener = (w: Window | null) => {
    try {
      return w?.opener as Window | null;
    } catch {
      return null;
    }
  };
  return scan(win, name) ?? scan(opener(win.top), name) ?? scan(opener(win), name);
}

// APIs answer 'true'/'false' strings (some LMSs booleans).
const ok = (result: unknown) => result === true || result === 'true';

/** The LMS's API for `version`, or null when the player runs outside an LMS. */
export function connectToLms(version: ScormRuntimeVersion, win: Window = window): LmsConnection | null {
  const api = findApi(version, win) as Record<string, ApiMethod> | null;
  if (!api) return null;
  const names = METHODS[version];
  const call = (method: keyof typeof names, ...args: string[]) => api[names[method]]!.apply(api, args);
  const check = (what: string, result: unknown) => {
    if (ok(result)) return true;
    console.warn(`[player] the LMS refused ${what} (error ${String(call('lastError'))})`);
    return false;
  };
  return {
    initialize: () => check(names.initialize, call('initialize', '')),
    get: (element) => String(call('get', element) ?? ''),
    set: (element, value) => check(`${element} = ${value}`, call('set', element, value)),
    commit: () => check(names.commit, call('commit', '')),
    terminate: () => check(names.terminate, call('terminate', '')),
  };
}
