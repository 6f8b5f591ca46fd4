// Agents and Groups as the learning record store indexes and compares them (docs/analytics.md,
// "Agents"): by their inverse functional identifier (IFI), written as one string. An mbox is
// compared without regard to case (xAPI Data 2.3.1.s9 lets the domain differ in case, and
// mailboxes are case-insensitive in practice); an account by its home page and name.
type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The agent's or identified group's IFI as one string, or null for an anonymous group. */
export function ifiOf(agent: Json): string | null {
  if (typeof agent.mbox === 'string') return `mbox:${agent.mbox.toLowerCase()}`;
  if (typeof agent.mbox_sha1sum === 'string') return `sha1:${agent.mbox_sha1sum.toLowerCase()}`;
  if (typeof agent.openid === 'string') return `openid:${agent.openid}`;
  if (isObject(agent.account)) return `account:${JSON.stringify([agent.account.homePage, agent.account.name])}`;
  return null;
}

/** The IFIs an actor stands for: its own and, for a group, its members'. */
export function ifisOf(actor: unknown): string[] {
  if (!isObject(actor)) return [];
  const own = ifiOf(actor);
  const members = actor.objectType === 'Group' && Array.isArray(actor.member) ? actor.member.flatMap((m) => (isObject(m) ? [ifiOf(m)] : [])) : [];
  return [own, ...members].filter((ifi): ifi is string => ifi !== null);
}

/** Only what identifies the agent or group (format=ids): objectType and the IFI; an anonymous group keeps its members' IFIs. */
export function agentIds(actor: Json): Json {
  const out: Json = {};
  if (actor.objectType !== undefined) out.objectType = actor.objectType;
  for (const key of ['mbox', 'mbox_sha1sum', 'openid', 'account'] as const) if (actor[key] !== undefined) out[key] = actor[key];
  if (actor.objectType === 'Group' && ifiOf(actor) === null && Array.isArray(actor.member)) out.member = actor.member.map((m) => (isObject(m) ? agentIds(m) : m));
  return out;
}
