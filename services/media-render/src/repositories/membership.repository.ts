// Memberships as auth knows them (the platform's one gRPC reader): the plan and capabilities
// voices are unlocked by, and the owner downloads are counted against.
import { AuthMemberships } from '@trainwright/platform';
import type { Memberships } from '../services/ports.js';

export class MembershipRepository extends AuthMemberships implements Memberships {}
