// Catalogue messages with a stable id. A table of texts (or text-making functions) is registered
// under a namespace once; a message thrown from it carries `<namespace>.<key>` and its arguments,
// so a client shows it in the user's language by id, never by matching the English text.

type MessageTable = Record<string, string | ((...args: never[]) => string)>;
export type MessageParam = string | number;

/** A message of a registered table: its id, the English text and the arguments it was made with. */
export interface CatalogueMessage {
  id: string;
  text: string;
  params: MessageParam[];
}

const namespaces = new Map<object, string>();

/** Registers a table of messages under `namespace` (ids are `<namespace>.<key>`); returns it unchanged. */
export function defineMessages<T extends MessageTable>(namespace: string, table: T): T {
  namespaces.set(table, namespace);
  return table;
}

type Args<V> = V extends (...args: infer A) => string ? A : [];

/** The message `key` of a registered table, made with `args` when it takes any. */
export function catalogueMessage<T extends MessageTable, K extends keyof T & string>(table: T, key: K, ...args: Args<T[K]>): CatalogueMessage {
  const namespace = namespaces.get(table);
  if (!namespace) throw new Error(`catalogueMessage: the table holding '${key}' is not registered with defineMessages`);
  const entry = table[key] as string | ((...a: unknown[]) => string);
  const text = typeof entry === 'function' ? entry(...(args as unknown[])) : entry;
  const params = (args as unknown[]).map((a) => (typeof a === 'number' ? a : String(a ?? '')));
  return { id: `${namespace}.${key}`, text, params };
}

export function isCatalogueMessage(value: unknown): value is CatalogueMessage {
  return typeof value === 'object' && value !== null && typeof (value as CatalogueMessage).id === 'string' && typeof (value as CatalogueMessage).text === 'string';
}
