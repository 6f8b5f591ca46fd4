// The project service in its own process, started by run.mjs with child_process.fork:
//
//   node servers.mjs project      the real project service (startProjectServer), config from env
//
// The auth service and the gateway come from ../gateway/servers.mjs (roles `auth` and `gateway`).
// Same IPC protocol as there: the child sends {type: 'ready', role, port} (or {type: 'error',
// message}) and closes everything on {type: 'stop'}, on SIGTERM/SIGINT, or when the parent goes away.
// Logs (pino, fd 1) go wherever run.mjs points the child's stdout: /dev/null by default.
//
// BENCH_PROTOTYPES (comma-separated; run.mjs --prototype) patches the service in this process
// only, to measure a proposed fix before anyone writes it. Not product behaviour:
//   companies-cache   MembershipRepository.companiesOf (gRPC ListCompanies) memoised per user for 5 s
//   stats-cache       ProjectRepository.stats memoised per company set for 5 s
//   one-statement     ProjectRepository.list: rows and total in one statement (count(*) over ())
//   slim              list items without script_content, slides_content, generated_content,
//                     software_details and ai_instructions (what a list card does not show)
import { sql } from 'kysely';
import { createLogger, setServiceLabel } from '@trainwright/platform';
import { loadProjectConfig, startProjectServer } from '@trainwright/project';
import { runServerChild } from '../lib/server-child.mjs';

const PROJECT_DIST = import.meta.resolve('@trainwright/project'); // .../services/project/dist/src/index.js
const PROTOTYPES = new Set((process.env.BENCH_PROTOTYPES ?? '').split(',').filter(Boolean));

function memo(fn, keyOf, ttlMs = 5000) {
  const cache = new Map();
  return function (...args) {
    const key = keyOf(...args);
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = fn.apply(this, args);
    cache.set(key, { value, until: Date.now() + ttlMs });
    value.catch(() => cache.delete(key));
    return value;
  };
}

async function applyPrototypes() {
  const known = ['companies-cache', 'stats-cache', 'one-statement', 'slim'];
  for (const p of PROTOTYPES) if (!known.includes(p)) throw new Error(`unknown prototype ${p} (known: ${known.join(', ')})`);
  const { MembershipRepository } = await import(new URL('./repositories/membership.repository.js', PROJECT_DIST));
  const { ProjectRepository } = await import(new URL('./repositories/project.repository.js', PROJECT_DIST));
  if (PROTOTYPES.has('companies-cache')) {
    MembershipRepository.prototype.companiesOf = memo(MembershipRepository.prototype.companiesOf, (userId) => userId);
  }
  if (PROTOTYPES.has('stats-cache')) {
    ProjectRepository.prototype.stats = memo(ProjectRepository.prototype.stats, (ids, monthStart) => `${ids.join(',')}@${monthStart.toISOString()}`);
  }
  if (PROTOTYPES.has('one-statement')) {
    const original = ProjectRepository.prototype.list;
    ProjectRepository.prototype.list = async function (filter) {
      if (filter.companyIds.length === 0) return { rows: [], total: 0 };
      let query = this.db.selectFrom('projects').where('company_id', 'in', filter.companyIds);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.projectType) query = query.where('project_type', '=', filter.projectType);
      if (filter.search) {
        const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]));
      }
      const rows = await query
        .selectAll()
        .select(sql`count(*) over ()`.as('total_count'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      if (rows.length === 0 && filter.offset > 0) return original.call(this, filter); // past the end: count separately
      const total = rows.length ? Number(rows[0].total_count) : 0;
      return { rows: rows.map(({ total_count: _, ...row }) => row), total };
    };
  }
  if (PROTOTYPES.has('slim')) {
    // The list's views copy the rows, so blanking the rows blanks the list items.
    const list = ProjectRepository.prototype.list;
    ProjectRepository.prototype.list = async function (...args) {
      const page = await list.apply(this, args);
      for (const row of page.rows) Object.assign(row, { script_content: '', slides_content: '', generated_content: null, software_details: '', ai_instructions: '' });
      return page;
    };
  }
}

await runServerChild(process.argv[2], async () => {
  if (process.argv[2] !== 'project') throw new Error(`unknown role ${process.argv[2]}`);
  if (PROTOTYPES.size > 0) await applyPrototypes();
  const config = loadProjectConfig(process.env);
  const logger = createLogger('project', config.LOG_LEVEL);
  setServiceLabel('project');
  const server = await startProjectServer(config, logger);
  logger.info({ port: server.port }, 'project service listening');
  return [server];
});
