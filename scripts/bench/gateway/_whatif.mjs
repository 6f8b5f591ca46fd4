// TEMPORARY experiment (deleted after use): prototypes of two fixes, patched in at start-up.
import pg from 'pg';
const role = process.argv[2];
if (role === 'gateway' && process.env.WHATIF_JWT_CACHE) {
  const { TokenVerifier } = await import('../../../services/gateway/dist/plugins/session.js');
  const orig = TokenVerifier.prototype.verify;
  const cache = new Map();
  TokenVerifier.prototype.verify = async function (token) {
    const hit = cache.get(token);
    if (hit && hit.expMs > Date.now()) return hit.caller;
    const caller = await orig.call(this, token);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    if (cache.size >= 10_000) cache.clear();
    cache.set(token, { caller, expMs: exp * 1000 });
    return caller;
  };
}
if (role === 'auth' && process.env.WHATIF_SQL) {
  const { AccountRepository } = await import('../../../services/auth/dist/src/repositories/account.repository.js');
  const { CompiledQuery } = await import('kysely');
  const SQL = `select "u"."id", "u"."email", "u"."name", "u"."bio", "u"."notify_project_updates", "u"."notify_marketing_emails", "u"."notify_system_alerts", "u"."current_company_id", "u"."created_at", "s"."tier", "s"."selected_tier", "s"."trial_started_at", "s"."video_credits", "s"."projects_used", "s"."created_at" as "subscription_created_at", "c"."name" as "company_name", "m"."role", coalesce((select array_agg(a.add_on order by a.add_on) from add_ons a
          where a.user_id = u.id and (a.active_until is null or a.active_until > now())), '{}') as "add_ons" from "users" as "u" inner join "subscriptions" as "s" on "s"."user_id" = "u"."id" left join "companies" as "c" on "c"."id" = "u"."current_company_id" left join "memberships" as "m" on "m"."company_id" = "u"."current_company_id" and "m"."user_id" = "u"."id" where "u"."id" = $1`;
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c search_path=auth,public' });
  const map = (row) => row && {
    id: row.id, email: row.email, name: row.name, bio: row.bio,
    notifyProjectUpdates: row.notify_project_updates, notifyMarketingEmails: row.notify_marketing_emails, notifySystemAlerts: row.notify_system_alerts,
    currentCompanyId: row.current_company_id, createdAt: row.created_at, tier: row.tier, selectedTier: row.selected_tier,
    trialStartedAt: row.trial_started_at, videoCredits: row.video_credits, projectsUsed: row.projects_used,
    subscriptionCreatedAt: row.subscription_created_at, companyName: row.company_name, role: row.role ?? null, addOns: row.add_ons,
  };
  AccountRepository.prototype.loadAccount = process.env.WHATIF_SQL === 'named'
    ? async function (userId) { return map((await pool.query({ name: 'auth_load_account', text: SQL, values: [userId] })).rows[0]); }
    : async function (userId) { return map((await this.db.executeQuery(CompiledQuery.raw(SQL, [userId]))).rows[0]); };
}
