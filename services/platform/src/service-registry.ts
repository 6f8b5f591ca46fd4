// The one list of the product's gRPC services. `npm start` (scripts/lib/stack.mjs), every test
// stack (the gateway's harness, the browser and fault-injection stacks), the benchmarks, the
// gateway's clients and each service's own config read it: adding a service is one entry here
// (docs/adding-a-service.md).
//
// Conventions an entry relies on:
// - settings `<NAME>_GRPC_PORT` (its own port) and `<NAME>_SERVICE_ADDR` (its address, given to
//   every service that needs it), NAME being `name` in upper case;
// - its package exports `load<Name>Config`, `migrate<Name>` and `start<Name>Server` (Name being
//   `name` in PascalCase), as its main.ts passes them to runServiceProcess;
// - its migrations run by `<dir>/dist/src/migrate.js`.
import { z } from 'zod';

export interface ServiceProcess {
  /** The supervisor's name for the process and the label of its logs. */
  name: string;
  /** The entry file, relative to the service's folder. */
  entry: string;
  /** `npm start`'s /metrics port of the process. */
  metricsPort: number;
  /** Settings of this process only (a role). */
  env?: Readonly<Record<string, string>>;
}

export interface ServiceEntry {
  name: string;
  package: string;
  /** The service's folder from the repository's root. */
  dir: string;
  /** `npm start`'s gRPC port (tests pick free ones). */
  grpcPort: number;
  /** The services it calls: it is given their addresses, and starts after them. */
  needs: readonly string[];
  processes: readonly ServiceProcess[];
}

/** In start order: each service after the services it needs. */
export const SERVICE_REGISTRY = [
  { name: 'auth', package: '@trainwright/auth', dir: 'services/auth', grpcPort: 50051, needs: [], processes: [{ name: 'auth', entry: 'dist/src/main.js', metricsPort: 9464 }] },
  { name: 'project', package: '@trainwright/project', dir: 'services/project', grpcPort: 50052, needs: ['auth'], processes: [{ name: 'project', entry: 'dist/src/main.js', metricsPort: 9465 }] },
  {
    name: 'generator',
    package: '@trainwright/generator',
    dir: 'services/generator',
    grpcPort: 50053,
    needs: ['auth', 'project'],
    processes: [{ name: 'generator', entry: 'dist/src/main.js', metricsPort: 9466 }],
  },
  {
    name: 'translation',
    package: '@trainwright/translation',
    dir: 'services/translation',
    grpcPort: 50056,
    needs: ['auth', 'project'],
    processes: [{ name: 'translation', entry: 'dist/src/main.js', metricsPort: 9470 }],
  },
  {
    name: 'media',
    package: '@trainwright/media-render',
    dir: 'services/media-render',
    grpcPort: 50054,
    needs: ['auth', 'project', 'translation'],
    // The gRPC API and the render workers run as separate processes (the workers scale apart).
    processes: [
      { name: 'media', entry: 'dist/src/main.js', metricsPort: 9467, env: { RENDER_WORKER: 'false' } },
      { name: 'render', entry: 'dist/src/worker.js', metricsPort: 9468 },
    ],
  },
  { name: 'billing', package: '@trainwright/billing', dir: 'services/billing', grpcPort: 50055, needs: ['auth', 'media'], processes: [{ name: 'billing', entry: 'dist/src/main.js', metricsPort: 9469 }] },
  {
    name: 'scorm',
    package: '@trainwright/scorm',
    dir: 'services/scorm',
    grpcPort: 50057,
    needs: ['auth', 'project', 'media', 'translation'],
    processes: [{ name: 'scorm', entry: 'dist/src/main.js', metricsPort: 9471 }],
  },
  {
    name: 'integration',
    package: '@trainwright/integration',
    dir: 'services/integration',
    grpcPort: 50058,
    // Last: it delivers what every other service announces (media: the files Drive receives).
    needs: ['auth', 'project', 'media'],
    processes: [{ name: 'integration', entry: 'dist/src/main.js', metricsPort: 9472 }],
  },
] as const satisfies readonly ServiceEntry[];

export type ServiceName = (typeof SERVICE_REGISTRY)[number]['name'];
type EntryOf<N extends ServiceName> = Extract<(typeof SERVICE_REGISTRY)[number], { name: N }>;

/** The gateway and the web app: the processes in front of the services (every service's address goes to the gateway). */
export const FRONT_PROCESSES = {
  gateway: { port: 8080, entry: 'services/gateway/dist/main.js' },
  web: { port: 3000, dir: 'web' },
} as const;

export const SERVICE_NAMES = SERVICE_REGISTRY.map((s) => s.name) as ServiceName[];

export function serviceEntry<N extends ServiceName>(name: N): EntryOf<N> {
  const entry = SERVICE_REGISTRY.find((s) => s.name === name);
  if (!entry) throw new Error(`no service ${name} in the registry`);
  return entry as EntryOf<N>;
}

type Upper<N extends string> = Uppercase<N>;
export type AddressVar<N extends string> = `${Upper<N>}_SERVICE_ADDR`;
export type GrpcPortVar<N extends string> = `${Upper<N>}_GRPC_PORT`;

export function addressVar<N extends string>(name: N): AddressVar<N> {
  return `${name.toUpperCase()}_SERVICE_ADDR` as AddressVar<N>;
}

export function grpcPortVar<N extends string>(name: N): GrpcPortVar<N> {
  return `${name.toUpperCase()}_GRPC_PORT` as GrpcPortVar<N>;
}

/** `{ AUTH_SERVICE_ADDR: '127.0.0.1:50051', ... }` for the given ports by service name. */
export function addressesEnv(ports: Partial<Record<ServiceName, number>>, host = '127.0.0.1'): Record<string, string> {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [addressVar(name), `${host}:${port}`]));
}

const addressSchema = (name: string) => z.string().min(1, `set ${addressVar(name)} (host:port of the ${name} service)`);

type AddressFields<Names extends string> = { [K in Names as AddressVar<K>]: z.ZodString };

/** A config schema's fields for the addresses of the given services. */
export function addressFields<const Names extends readonly ServiceName[]>(names: Names): AddressFields<Names[number]> {
  return Object.fromEntries(names.map((n) => [addressVar(n), addressSchema(n)])) as AddressFields<Names[number]>;
}

const portSchema = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/**
 * A service's config schema fields from its entry: its gRPC port (defaulting to `npm start`'s) and
 * the addresses of the services it needs.
 */
export function serviceConfigFields<N extends ServiceName>(name: N): { [K in N as GrpcPortVar<K>]: ReturnType<typeof portSchema> } & AddressFields<EntryOf<N>['needs'][number]> {
  const entry = serviceEntry(name);
  return { [grpcPortVar(name)]: portSchema(entry.grpcPort), ...addressFields(entry.needs as readonly ServiceName[]) } as never;
}

/** `media` -> `Media`: the suffix of a service package's load/migrate/start exports. */
export function pascalName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
}

/** What a service package exports for starting it (the registry's naming convention, checked). */
export interface ServiceModule {
  loadConfig(env: NodeJS.ProcessEnv): { LOG_LEVEL: string };
  migrate(config: unknown): Promise<unknown>;
  start(config: unknown, logger: unknown, options?: unknown): Promise<{ port: number; close(): Promise<void> }>;
}

/** The start functions of a service from its imported package (`await import(entry.package)`; platform imports no service). */
export function serviceModule(name: ServiceName, mod: Record<string, unknown>): ServiceModule {
  const entry = serviceEntry(name);
  const suffix = pascalName(name);
  const pick = (key: string) => {
    const fn = mod[key];
    if (typeof fn !== 'function') throw new Error(`${entry.package} does not export ${key} (see service-registry.ts)`);
    return fn as never;
  };
  return { loadConfig: pick(`load${suffix}Config`), migrate: pick(`migrate${suffix}`), start: pick(`start${suffix}Server`) };
}
