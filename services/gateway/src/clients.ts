import { addressVar, createGrpcClient, SERVICE_NAMES, type PromiseClient, type ServiceName } from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { BillingServiceClient, BillingServiceService } from '@trainwright/proto/trainwright/billing/v1/billing';
import { GeneratorServiceClient, GeneratorServiceService } from '@trainwright/proto/trainwright/generator/v1/generator';
import { MediaServiceClient, MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import { ProjectServiceClient, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import { IntegrationServiceClient, IntegrationServiceService } from '@trainwright/proto/trainwright/integration/v1/integration';
import { ScormServiceClient, ScormServiceService } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import { TranslationServiceClient, TranslationServiceService } from '@trainwright/proto/trainwright/translation/v1/translation';

// The gRPC client of each service in the registry: a service added there without its client here
// fails to compile (`satisfies`).
const DEFINITIONS = {
  auth: { client: AuthServiceClient, service: AuthServiceService },
  project: { client: ProjectServiceClient, service: ProjectServiceService },
  generator: { client: GeneratorServiceClient, service: GeneratorServiceService },
  media: { client: MediaServiceClient, service: MediaServiceService },
  billing: { client: BillingServiceClient, service: BillingServiceService },
  translation: { client: TranslationServiceClient, service: TranslationServiceService },
  scorm: { client: ScormServiceClient, service: ScormServiceService },
  integration: { client: IntegrationServiceClient, service: IntegrationServiceService },
} satisfies Record<ServiceName, { client: unknown; service: unknown }>;

type Definitions = typeof DEFINITIONS;

export type ServiceClients = { [N in ServiceName]: PromiseClient<Definitions[N]['service']> } & {
  /** Addresses by service name, for the health report. */
  addresses: Record<ServiceName, string>;
};

/** A client per service, at the addresses of the config (`<NAME>_SERVICE_ADDR`). */
export function createServiceClients(config: Record<string, unknown>, deadlineMs: number): ServiceClients {
  const addresses = Object.fromEntries(SERVICE_NAMES.map((name) => [name, String(config[addressVar(name)])])) as Record<ServiceName, string>;
  const clients = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, createGrpcClient(DEFINITIONS[name].client as never, DEFINITIONS[name].service, addresses[name], { deadlineMs })]),
  );
  return { ...clients, addresses } as ServiceClients;
}
