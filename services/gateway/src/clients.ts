import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';

export interface ServiceClients {
  auth: PromiseClient<typeof AuthServiceService>;
  /** Addresses by service name, for the health report. */
  addresses: Record<string, string>;
}

export function createServiceClients(addresses: { auth: string }, deadlineMs: number): ServiceClients {
  return {
    auth: createGrpcClient(AuthServiceClient as never, AuthServiceService, addresses.auth, { deadlineMs }),
    addresses,
  };
}
