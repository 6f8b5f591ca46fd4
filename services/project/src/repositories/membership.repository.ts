// The caller's companies and roles, asked of the auth service: the platform's one way to read
// memberships.
import { AuthMemberships } from '@trainwright/platform';
import type { Memberships } from '../services/projects/deps.js';

export class MembershipRepository extends AuthMemberships implements Memberships {}
