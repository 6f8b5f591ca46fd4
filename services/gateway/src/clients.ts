import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { BillingServiceClient, BillingServiceService } from '@trainwright/proto/trainwright/billing/v1/billing';
import { GeneratorServiceClient, GeneratorServiceService } from '@trainwright/proto/trainwright/generator/v1/generator';
import { MediaServiceClient, MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import { ProjectServiceClient, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import { ScormServiceClient, ScormServiceService } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import { TranslationServiceClient, TranslationServiceService } from '@trainwright/proto/trainwright/translation/v1/translation';

export interface ServiceClients {
  auth: PromiseClient<typeof AuthServiceService>;
  project: PromiseClient<typeof ProjectServiceService>;
  generator: PromiseClient<typeof GeneratorServiceService>;
  media: PromiseClient<typeof MediaServiceService>;
  billing: PromiseClient<typeof BillingServiceService>;
  translation: PromiseClient<typeof TranslationServiceService>;
  scorm: PromiseClient<typeof ScormServiceService>;
  /** Addresses by service name, for the health report. */
  addresses: Record<string, string>;
}

export function createServiceClients(addresses: { auth: string; project: string; generator: string; media: string; billing: string; translation: string; scorm: string }, deadlineMs: number): ServiceClients {
  return {
    auth: createGrpcClient(AuthServiceClient as never, AuthServiceService, addresses.auth, { deadlineMs }),
    project: createGrpcClient(ProjectServiceClient as never, ProjectServiceService, addresses.project, { deadlineMs }),
    generator: createGrpcClient(GeneratorServiceClient as never, GeneratorServiceService, addresses.generator, { deadlineMs }),
    media: createGrpcClient(MediaServiceClient as never, MediaServiceService, addresses.media, { deadlineMs }),
    billing: createGrpcClient(BillingServiceClient as never, BillingServiceService, addresses.billing, { deadlineMs }),
    translation: createGrpcClient(TranslationServiceClient as never, TranslationServiceService, addresses.translation, { deadlineMs }),
    scorm: createGrpcClient(ScormServiceClient as never, ScormServiceService, addresses.scorm, { deadlineMs }),
    addresses,
  };
}
