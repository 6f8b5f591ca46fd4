// PostgreSQL through kysely. Each service owns one schema: its pool's search_path is that schema,
// and its migrations (kysely Migrator, tracked inside the schema) create and change only it.
import { Kysely, PostgresDialect, sql, type Compilable } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { createRequire } from 'node:module';

// pg's own conversion of a JavaScript value to a bound parameter (what its Query uses).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

/** The parts of pg's Connection that PreparedQuery uses. */
interface PgConnection {
  parse(config: { text: string; name: string }): void;
  bind(config: { portal: string; statement: string; values: unknown[]; binary: boolean; valueMapper: (value: unknown) => unknown }): void;
  describe(config: { type: 'P'; name: string }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
}

// Timestamps stay as JavaScript Dates; bigint counts become numbers (they are small here).
pg.types.setTypeParser(20, (value: string) => Number(value));

export interface DatabaseOptions {
  url: string;
  schema: string;
  maxConnections?: number;
  /** Told when an idle pooled connection breaks (server restart, terminated backend). */
  onConnectionError?: (error: Error) => void;
}

/** A database's pool and, made on first use, the pipelined connections of its hottest reads. */
class DatabasePool extends pg.Pool {
  pipeline: QueryPipeline | undefined;

  constructor(readonly databaseOptions: DatabaseOptions) {
    super({
      connectionString: databaseOptions.url,
      max: databaseOptions.maxConnections ?? 10,
      options: searchPath(databaseOptions.schema),
      idleTimeoutMillis: 30_000,
    });
  }

  private closing = false;

  override async end(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.pipeline?.end();
    return super.end();
  }
}

/**
 * Kysely ends its pool on destroy only once a query of its own has run; a database read only
 * through prepareQuery is closed here all the same (its pool and pipelined connections).
 */
class Database<DB> extends Kysely<DB> {
  constructor(private readonly pool: DatabasePool) {
    super({ dialect: new PostgresDialect({ pool }) });
  }

  override async destroy(): Promise<void> {
    await super.destroy();
    await this.pool.end();
  }
}

const searchPath = (schema: string) => `-c search_path=${schema},public`;

const pools = new WeakMap<Kysely<any>, DatabasePool>();

export function createDatabase<DB>(options: DatabaseOptions): Kysely<DB> {
  const pool = new DatabasePool(options);
  // A broken idle connection is dropped from the pool and replaced on next use; without a
  // listener, pg would raise it as an unhandled 'error' event and end the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  const db = new Database<DB>(pool);
  pools.set(db, pool);
  return db;
}

export interface PrepareOptions {
  /**
   * Send the query over a connection in pipeline mode (QueryPipeline) instead of taking a pooled
   * connection: for a short read that many requests make at once (the account every signed-in
   * request reads). Not for a query that may be slow: the queries behind it on its connection wait.
   */
  pipelined?: boolean;
}

/**
 * A hot query as a named prepared statement: PostgreSQL plans it once per connection instead of
 * on every call (planning was two thirds of the cost of the account query). The query is built
 * with kysely once, with sample values; each call passes the real values in the same order.
 */
export function prepareQuery<Row>(db: Kysely<any>, name: string, query: Compilable<Row>, options: PrepareOptions = {}): (values: readonly unknown[]) => Promise<Row[]> {
  const pool = pools.get(db);
  if (!pool) throw new Error('prepareQuery needs a database made by createDatabase');
  const statement: PreparedStatement = { name, text: query.compile().sql };
  if (options.pipelined && PIPELINE_SUPPORTED) {
    return async (values) => {
      pool.pipeline ??= new QueryPipeline(pool.databaseOptions);
      return (await pool.pipeline.query(new PreparedQuery(statement, [...values]))).rows as Row[];
    };
  }
  return async (values) => ((await pool.query(new PreparedQuery(statement, [...values]) as never)) as pg.QueryResult).rows as Row[];
}

/** pg's Client has pipeline mode from 8.2x on; an older pg (the range allows it) takes the pool. */
const PIPELINE_SUPPORTED = (new pg.Client({ pipeline: true } as pg.ClientConfig) as pg.Client & { pipeline?: boolean }).pipeline === true;

interface Lane {
  client: pg.Client;
  /** Queries sent and not answered yet. */
  pending: number;
}

/**
 * A few connections in pg's pipeline mode: each sends its queries without waiting for the answers
 * of those before, and PostgreSQL works through them in order. Many requests reading the account
 * at once then cost one backend one wake-up for several queries instead of waking one backend of
 * the pool per query: measured with 16 account queries at a time on the 2-core machine,
 * PostgreSQL's CPU per query fell from 88-98 us (pool of 10) to 38 us (one pipelined
 * connection), Node's from 37-40 to 33 us, and the throughput rose (docs/benchmarks.md, issue 31).
 * Queries fill the first connection up to `depth` waiting answers before the next is used; a
 * connection that breaks fails the queries sent on it (as a pooled one would) and is opened again
 * by the next query.
 */
class QueryPipeline {
  private readonly lanes: Array<Lane | undefined> = [];
  private closed = false;

  constructor(
    private readonly options: DatabaseOptions,
    private readonly size = 2,
    private readonly depth = 16,
  ) {}

  query(query: PreparedQuery): Promise<pg.QueryResult> {
    if (this.closed) return Promise.reject(new Error('The database connections are closed'));
    const lane = this.lane();
    lane.pending++;
    return new Promise((resolve, reject) => {
      let settled = false;
      (query as unknown as QueryInternals).callback = (error: Error | null, result: pg.QueryResult) => {
        // pg may call back twice for a query whose values could not be sent (the error, then
        // the ReadyForQuery that follows it).
        if (settled) return;
        settled = true;
        lane.pending--;
        if (error) reject(error);
        else resolve(result);
      };
      lane.client.query(query as never);
    });
  }

  private lane(): Lane {
    let least: Lane | undefined;
    for (let i = 0; i < this.size; i++) {
      const lane = (this.lanes[i] ??= this.open(i));
      if (lane.pending < this.depth) return lane;
      if (!least || lane.pending < least.pending) least = lane;
    }
    return least!;
  }

  private open(index: number): Lane {
    const client = new pg.Client({ connectionString: this.options.url, options: searchPath(this.options.schema), pipeline: true } as pg.ClientConfig);
    const lane: Lane = { client, pending: 0 };
    const drop = () => {
      if (this.lanes[index] === lane) this.lanes[index] = undefined;
    };
    client.on('error', (error) => {
      drop();
      this.options.onConnectionError?.(error);
    });
    client.on('end', drop);
    // Queries sent meanwhile wait for the connection; a failed connection fails them.
    client.connect().catch(drop);
    return lane;
  }

  async end(): Promise<void> {
    this.closed = true;
    const lanes = this.lanes.splice(0).filter((lane): lane is Lane => lane !== undefined);
    await Promise.all(lanes.map((lane) => lane.client.end().catch(() => undefined)));
  }
}

/** A named statement and, once an execution has described them, its result's columns. */
interface PreparedStatement {
  name: string;
  text: string;
  described?: DescribedResult;
}

/** The parts of pg's Result that a RowDescription sets (pg/lib/result.js addFields). */
interface DescribedResult {
  fields: unknown[];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: object;
}

/** The internals of pg's Query (pg/lib/query.js) that PreparedQuery builds on. */
interface QueryInternals {
  name: string;
  values: unknown[];
  portal: string;
  binary: boolean;
  rows: number | undefined;
  callback: unknown;
  _result: DescribedResult;
  _accumulateRows: boolean;
  hasBeenParsed(connection: unknown): boolean;
  handleError(error: unknown, connection: unknown): void;
  _getRows(connection: unknown, rows: number | undefined): void;
  listenerCount(event: string): number;
}

const QueryBase = pg.Query as unknown as new (text: string) => object;

/**
 * pg sends Describe with every execution of a prepared statement, so every answer carries the
 * statement's RowDescription, which pg parses and turns into its column parsers again (5 % of the
 * auth service's CPU for the account query). The first execution on a connection describes the
 * result as usual; later ones send Bind and Execute only and read their rows with the columns and
 * parsers the first one learnt. The result's columns cannot change under a prepared statement
 * (PostgreSQL refuses: "cached plan must not change result type").
 */
class PreparedQuery extends QueryBase {
  constructor(
    private readonly statement: PreparedStatement,
    values: unknown[],
  ) {
    // Given the text alone, pg's Query skips copying a config object property by property
    // (Object.getOwnPropertyDescriptors: 1.5 % of the auth service's CPU); the rest is set here.
    super(statement.text);
    const self = this as unknown as QueryInternals;
    self.name = statement.name;
    self.values = values;
  }

  /** pg's Query.prepare (pg/lib/query.js), without Describe once the result is known. */
  prepare(connection: PgConnection): void {
    const self = this as unknown as QueryInternals;
    const parsed = self.hasBeenParsed(connection);
    if (!parsed) {
      connection.parse({ text: this.statement.text, name: self.name });
      connection.submittedNamedStatements[self.name] = this.statement.text;
    }
    try {
      connection.bind({ portal: self.portal, statement: self.name, values: self.values, binary: self.binary, valueMapper: prepareValue });
    } catch (error) {
      // A value that cannot be sent (its toPostgres throws) fails this query alone: Sync ends its
      // exchange. pg's own prepare also closes the statement there, yet still counts it as
      // prepared, so every later execution on that connection failed ("prepared statement does
      // not exist").
      connection.sync();
      self.handleError(error, connection);
      return;
    }
    const described = this.statement.described;
    if (described && parsed) {
      const result = self._result;
      result.fields = described.fields;
      result._parsers = described._parsers;
      result._prebuiltEmptyResultObject = described._prebuiltEmptyResultObject;
      self._accumulateRows = Boolean(self.callback) || self.listenerCount('row') === 0;
    } else {
      connection.describe({ type: 'P', name: self.portal });
    }
    self._getRows(connection, self.rows);
  }

  handleRowDescription(message: unknown): void {
    (QueryBase.prototype as { handleRowDescription(m: unknown): void }).handleRowDescription.call(this, message);
    if (!this.statement.described) {
      const { fields, _parsers, _prebuiltEmptyResultObject } = (this as unknown as QueryInternals)._result;
      this.statement.described = { fields, _parsers, _prebuiltEmptyResultObject };
    }
  }
}

/** Migrations kept as an ordered record in code, so they ship inside the build. */
export class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

export async function migrateToLatest(
  db: Kysely<unknown>,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(migrations),
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrates one service's schema on its own short-lived connection (a service's `migrate` step). */
export async function migrateSchema(url: string, schema: string, migrations: Record<string, Migration>): Promise<string[]> {
  const db = createDatabase<unknown>({ url, schema, maxConnections: 1 });
  try {
    return await migrateToLatest(db, schema, migrations);
  } finally {
    await db.destroy();
  }
}

/** Runs `fn` on a connection to the server's `postgres` database, with the target's name. */
async function withServerConnection(url: string, fn: (client: pg.Client, quotedName: string, name: string) => Promise<void>): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await fn(client, `"${name.replace(/"/g, '""')}"`, name);
  } finally {
    await client.end();
  }
}

/** Creates the database named in `url` if it does not exist. */
export function ensureDatabase(url: string): Promise<void> {
  return withServerConnection(url, async (client, quoted, name) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${quoted}`);
  });
}

export function dropDatabase(url: string): Promise<void> {
  return withServerConnection(url, async (client, quoted) => {
    await client.query(`drop database if exists ${quoted} with (force)`);
  });
}

export async function pingDatabase(db: Kysely<unknown>): Promise<void> {
  await sql`select 1`.execute(db);
}
