// node scripts/bench/gateway/profile-summary.mjs FILE.cpuprofile [--top 30] [--skip S] [--until S] [--inclusive PATTERN...]
//
// Summarises a V8 .cpuprofile (as written by `run.mjs --cpu-prof DIR`): self time by package
// (node_modules/<pkg>, trainwright workspace, node: internals, GC, idle) and the hottest
// functions by self time. --inclusive PATTERN prints the inclusive (total) time of every function
// whose name or url contains PATTERN, e.g. --inclusive jwtVerify --inclusive loadAccount.
// --skip S ignores the first S seconds of the profile (process start-up: module loading), --until S
// everything after S seconds: together they select one measurement (the bench prints where each lies).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    skip: { type: 'string', default: '0' },
    until: { type: 'string', default: 'Infinity' },
    inclusive: { type: 'string', multiple: true, default: [] },
  },
});
if (positionals.length === 0) {
  console.error('usage: profile-summary.mjs FILE.cpuprofile [--top N] [--skip S] [--until S] [--inclusive PATTERN ...]');
  process.exit(1);
}

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Self time per node from the samples and their time deltas (microseconds).
  const self = new Map();
  const skipUs = Number(values.skip) * 1e6;
  const untilUs = Number(values.until) * 1e6;
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= skipUs && t < untilUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);

  const bucketOf = (n) => {
    const { functionName, url } = n.callFrame;
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return '(gc)';
    if (functionName === '(program)') return '(program: native, not attributed)';
    if (!url) return `(native) ${functionName || '(anonymous)'}`;
    const nm = url.lastIndexOf('node_modules/');
    if (nm >= 0) {
      const rest = url.slice(nm + 'node_modules/'.length).split('/');
      return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    }
    const ws = /\/(services|proto)\/([^/]+)\//.exec(url);
    if (ws) return `@trainwright/${ws[1] === 'proto' ? 'proto' : ws[2]}`;
    if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/').slice(0, 2).join('/');
    return url;
  };

  const buckets = new Map();
  const functions = new Map();
  for (const [id, us] of self) {
    const n = byId.get(id);
    const b = bucketOf(n);
    buckets.set(b, (buckets.get(b) ?? 0) + us);
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(services|proto)\//, '$1/')}:${f.lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }

  const busy = total - (buckets.get('(idle)') ?? 0);
  const pct = (us, of = total) => `${((us / of) * 100).toFixed(1).padStart(5)}%`;
  const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  console.log(`\n${file}\n  sampled ${ms(total)}, busy ${ms(busy)} (${pct(busy)})`);
  console.log('\n  self time by package (share of busy time)');
  for (const [b, us] of [...buckets].filter(([b]) => b !== '(idle)').sort((x, y) => y[1] - x[1]).slice(0, 25)) {
    console.log(`  ${ms(us)} ${pct(us, busy)}  ${b}`);
  }
  console.log(`\n  top ${values.top} functions by self time (share of busy time)`);
  for (const [f, us] of [...functions].filter(([f]) => !f.startsWith('(idle)')).sort((x, y) => y[1] - x[1]).slice(0, Number(values.top))) {
    console.log(`  ${ms(us)} ${pct(us, busy)}  ${f}`);
  }

  if (values.inclusive.length > 0) {
    // Inclusive time: self time of a node and of everything below it, counting each sample once
    // per matching frame pattern even under recursion.
    console.log('\n  inclusive time (share of busy time)');
    for (const pattern of values.inclusive) {
      let us = 0;
      for (const [id, t] of self) {
        let cur = id;
        while (cur !== undefined) {
          const f = byId.get(cur).callFrame;
          if (f.functionName.includes(pattern) || f.url.includes(pattern)) {
            us += t;
            break;
          }
          cur = parent.get(cur);
        }
      }
      console.log(`  ${ms(us)} ${pct(us, busy)}  ${pattern}`);
    }
  }
}
