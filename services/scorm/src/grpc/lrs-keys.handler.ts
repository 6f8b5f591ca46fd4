// Transport of the LRS credential methods of ScormService (docs/analytics.md): proto <-> domain,
// and their lines of the access table.
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type { LrsKey, ScormServiceService } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { LrsKeyRow } from '../repositories/lrs-key.repository.js';
import { createLrsKey, listLrsKeys, revokeLrsKey, type LrsKeyDeps } from '../services/analytics/lrs-keys.js';

type LrsKeyMethods = Pick<typeof ScormServiceService, 'createLrsKey' | 'listLrsKeys' | 'revokeLrsKey'>;

export const lrsKeyAccess: AccessTable<LrsKeyMethods> = {
  createLrsKey: { action: 'lrs.manage' },
  listLrsKeys: { action: 'lrs.manage' },
  revokeLrsKey: { action: 'lrs.manage' },
};

function toProto(row: LrsKeyRow): LrsKey {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    key: row.key,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? '',
  };
}

export function createLrsKeyHandlers(deps: LrsKeyDeps): UnaryHandlers<LrsKeyMethods> {
  return {
    createLrsKey: async (req) => {
      const { row, secret } = await createLrsKey(deps, req.userId, { companyId: req.companyId, name: req.name, scopes: req.scopes });
      return { key: toProto(row), secret };
    },
    listLrsKeys: async (req) => ({ keys: (await listLrsKeys(deps, req.userId, req.companyId)).map(toProto) }),
    revokeLrsKey: async (req) => {
      await revokeLrsKey(deps, req.userId, req.keyId);
      return {};
    },
  };
}
