import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { ProjectServiceClient, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';

export interface ServiceClients {
  auth: PromiseClient<typeof AuthServiceService>;
  project: PromiseClient<typeof ProjectServiceService>;
  /** Addresses by service name, for the health report. */
  addresses: Record<string, string>;
}

export function createServiceClients(addresses: { auth: string; project: string }, deadlineMs: number): ServiceClients {
  return {
    auth: createGrpcClient(AuthServiceClient as never, AuthServiceService, addresses.auth, { deadlineMs }),
    project: createGrpcClient(ProjectServiceClient as never, ProjectServiceService, addresses.project, { deadlineMs }),
    addresses,
  };
}
