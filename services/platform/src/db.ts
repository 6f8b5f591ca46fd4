// PostgreSQL through kysely. Each service owns one schema: its pool's search_path is that schema,
// and its migrations (kysely Migrator, tracked inside the schema) create and change only it.
import { Kysely, PostgresDialect, sql, type Compilable } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';

// Timestamps stay as JavaScript Dates; bigint counts become numbers (they are small here).
pg.types.setTypeParser(20, (value: string) => Number(value));

export interface DatabaseOptions {
  url: string;
  schema: string;
  maxConnections?: number;
  /** Told when an idle pooled connection breaks (server restart, terminated backend). */
  onConnectionError?: (error: Error) => void;
}

const pools = new WeakMap<Kysely<any>, pg.Pool>();

export function createDatabase<DB>(options: DatabaseOptions): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    options: `-c search_path=${options.schema},public`,
    idleTimeoutMillis: 30_000,
  });
  // A broken idle connection is dropped from the pool and replaced on next use; without a
  // listener, pg would raise it as an unhandled 'error' event and end the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * A hot query as a named prepared statement: PostgreSQL plans it once per connection instead of
 * on every call (planning was two thirds of the cost of the account query). The query is built
 * with kysely once, with sample values; each call passes the real values in the same order.
 */
export function prepareQuery<Row>(db: Kysely<any>, name: string, query: Compilable<Row>): (values: readonly unknown[]) => Promise<Row[]> {
  const pool = pools.get(db);
  if (!pool) throw new Error('prepareQuery needs a database made by createDatabase');
  const { sql: text } = query.compile();
  return async (values) => (await pool.query({ name, text, values: [...values] })).rows as Row[];
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
