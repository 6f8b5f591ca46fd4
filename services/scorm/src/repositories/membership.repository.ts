import { AuthMemberships } from '@trainwright/platform';

/** Memberships as auth knows them (the platform's one gRPC reader). */
export class MembershipRepository extends AuthMemberships {}
