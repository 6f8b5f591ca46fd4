// Medium test: prepareQuery against the real PostgreSQL. A statement's later executions skip
// Describe and read their rows with the columns the first one learnt; pipelined statements share a
// few connections in pg's pipeline mode, answer every caller its own rows, survive a query that
// fails and a connection that breaks, and close with the database.
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, prepareQuery } from '../src/db.js';
import { createTestInfra, eventually, type TestInfra } from '../src/testing.js';

interface Row {
  id: number;
  name: string | null;
  at: Date | null;
  n: number | null;
  tags: string[] | null;
}

const SELECT = 'select id, name, at, n, tags from items where id = any($1::int[]) order by id';
const statement = (text: string) => ({ compile: () => ({ sql: text, parameters: [], query: { kind: 'RawNode' } }) }) as never;

describe('prepareQuery', () => {
  let infra: TestInfra;
  let db: Kysely<unknown>;
  const at = new Date('2026-01-02T03:04:05.678Z');

  beforeAll(async () => {
    infra = await createTestInfra('db');
    db = createDatabase({ url: infra.databaseUrl, schema: 'public', maxConnections: 3 });
    await sql`create table items (id int primary key, name text, at timestamptz, n bigint, tags text[])`.execute(db);
    await sql`insert into items select i, 'item ' || i, ${at}::timestamptz + i * interval '1 second', i * 10, array['t' || i] from generate_series(1, 200) i`.execute(db);
    await sql`insert into items values (0, null, null, null, null)`.execute(db);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    await db.destroy();
    await infra.cleanup();
  });

  const expected = (id: number): Row =>
    id === 0 ? { id: 0, name: null, at: null, n: null, tags: null } : { id, name: `item ${id}`, at: new Date(at.getTime() + id * 1000), n: id * 10, tags: [`t${id}`] };

  for (const pipelined of [false, true]) {
    describe(pipelined ? 'pipelined' : 'on the pool', () => {
      it('should answer the same rows on the first execution and on the later ones, which send no Describe', async () => {
        const describe = jest.spyOn(pg.Connection.prototype as unknown as { describe: (...a: unknown[]) => void }, 'describe');
        const read = prepareQuery<Row>(db, `items_${pipelined}`, statement(SELECT), { pipelined });
        expect(await read([[1, 0, 2]])).toEqual([expected(0), expected(1), expected(2)]);
        const described = describe.mock.calls.length;
        expect(described).toBe(1);
        for (let round = 0; round < 5; round++) {
          const ids = Array.from({ length: 20 }, (_, i) => round * 20 + i);
          const answers = await Promise.all(ids.map((id) => read([[id]])));
          answers.forEach((rows, i) => expect(rows).toEqual([expected(ids[i]!)]));
        }
        expect(await read([[500]])).toEqual([]);
        // At most one Describe per connection that prepared the statement before it was described.
        expect(describe.mock.calls.length).toBeLessThanOrEqual(described + (pipelined ? 2 : 3));
      });

      it('should fail only the execution that fails, and keep answering', async () => {
        const read = prepareQuery<Row>(db, `items_errors_${pipelined}`, statement(SELECT), { pipelined });
        // Refused by PostgreSQL, and a value that cannot even be sent.
        const unsendable = { toPostgres: () => { throw new Error('cannot send this'); } };
        const calls = [read([[1]]), read(['not an array']), read([[2]]), read([unsendable]), read([[3]])];
        const settled = await Promise.allSettled(calls);
        expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
        expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ code: '22P02' });
        expect((settled[3] as PromiseRejectedResult).reason).toMatchObject({ message: 'cannot send this' });
        expect((settled[2] as PromiseFulfilledResult<Row[]>).value).toEqual([expected(2)]);
        expect((settled[4] as PromiseFulfilledResult<Row[]>).value).toEqual([expected(3)]);
        expect(await read([[4]])).toEqual([expected(4)]);
      });
    });
  }

  it('should send 100 concurrent pipelined executions over at most two connections', async () => {
    const read = prepareQuery<{ id: number; pid: number }>(db, 'items_pid', statement('select id, pg_backend_pid() as pid from items where id = $1'), { pipelined: true });
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const answers = await Promise.all(ids.map((id) => read([id])));
    answers.forEach((rows, i) => expect(rows.map((r) => r.id)).toEqual([ids[i]]));
    expect(new Set(answers.map((rows) => rows[0]!.pid)).size).toBeLessThanOrEqual(2);
  });

  it('should open a pipelined connection again after it broke', async () => {
    const read = prepareQuery<{ pid: number }>(db, 'items_reconnect', statement('select pg_backend_pid() as pid from items where id = $1'), { pipelined: true });
    const [{ pid }] = (await read([1])) as [{ pid: number }];
    const admin = new pg.Client({ connectionString: infra.databaseUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // The queries sent on the broken connection may fail; one sent after it has gone is answered.
    const answer = await eventually(async () => {
      try {
        return await read([2]);
      } catch {
        return undefined;
      }
    });
    expect(answer[0]!.pid).not.toBe(pid);
  });

  it('should close the pipelined connections with the database', async () => {
    const other = createDatabase({ url: infra.databaseUrl, schema: 'public', maxConnections: 1 });
    const read = prepareQuery<{ pid: number }>(other, 'items_close', statement('select pg_backend_pid() as pid from items where id = $1'), { pipelined: true });
    const [{ pid }] = (await read([1])) as [{ pid: number }];
    await other.destroy();
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${pid}`.execute(db);
      return rows[0]!.n === 0;
    });
    await expect(read([1])).rejects.toThrow(/closed/);
  });
});
