// What every glossary operation works with: the company's terms and the caller's membership (the
// repositories implement these ports; unit tests fake them). The translation operations read the
// same glossary and check the same memberships.
import type { Membership, MembershipReadOptions } from '@trainwright/platform';
import type { GlossaryTermFields, GlossaryTermRecord } from '../types.js';

/** The caller's membership of a company (the platform's AuthMemberships). */
export interface Memberships {
  find(userId: string, companyId: string, options?: MembershipReadOptions): Promise<Membership | null>;
}

export interface GlossaryStore {
  list(companyId: string): Promise<GlossaryTermRecord[]>;
  find(companyId: string, id: string): Promise<GlossaryTermRecord | null>;
  /** 'duplicate' when the company has the same rule (term, source and target language). */
  create(companyId: string, fields: GlossaryTermFields): Promise<GlossaryTermRecord | 'duplicate'>;
  update(companyId: string, id: string, fields: GlossaryTermFields): Promise<GlossaryTermRecord | 'duplicate' | null>;
  remove(companyId: string, id: string): Promise<boolean>;
}

export interface GlossaryDeps {
  glossary: GlossaryStore;
  memberships: Memberships;
}
