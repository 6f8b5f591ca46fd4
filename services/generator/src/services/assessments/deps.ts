// What every assessment operation works with: AI quality scoring, apply-improvements and the
// Enhanced AI Dashboard's services. The projects are read with the caller's rights (the project
// service's tenancy); the memberships give the access check its role and capabilities; the
// computing runs in the quality engine (a worker thread in main.ts), off the event loop.
import type { MembershipFacts, MembershipLookup } from '@trainwright/platform';
import type { Assessments, ProjectDirectory, QualityEngine } from '../ports.js';

/** Memberships as auth knows them: the caller's role and the company's effective capabilities. */
export type Memberships = MembershipLookup<MembershipFacts>;

export interface AssessmentDeps {
  projects: Pick<ProjectDirectory, 'get' | 'createEnhancedVersion' | 'updateGenerated'>;
  memberships: Memberships;
  assessments: Assessments;
  quality: QualityEngine;
}
