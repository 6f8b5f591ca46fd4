// An integration's settings (docs/integrations.md, "Setup"): the catalogue's fields of its type,
// the required ones present, nothing else, within their lengths, URLs https (or an origin the
// operator allows) at public addresses; secret fields kept apart, and answered only masked.
import { INTEGRATION_MESSAGES, catalogueMessage, integrationEntry, type IntegrationCatalogueEntry, type IntegrationType } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';

export interface SplitConfiguration {
  /** Values that are not secret, kept as they are. */
  settings: Record<string, string>;
  /** Secret values, kept encrypted. */
  secrets: Record<string, string>;
}

/** The catalogue entry of a type the service offers, or 400 naming the type. */
export function entryOf(type: string): IntegrationCatalogueEntry {
  const entry = integrationEntry(type);
  if (!entry) throw AppError.validation('integration_type', catalogueMessage(INTEGRATION_MESSAGES, 'unknownType', type.slice(0, 50)));
  return entry;
}

/**
 * Checks a configuration against its type's fields and splits it. `checkUrl` refuses an address
 * the service may not call (it throws a validation error naming the field).
 */
export async function validateConfiguration(type: IntegrationType, input: Record<string, string>, checkUrl: (field: string, url: string) => Promise<void>): Promise<SplitConfiguration> {
  const entry = entryOf(type);
  const fields = [...entry.required, ...entry.optional];
  const unknown = Object.keys(input).find((name) => !fields.some((f) => f.name === name));
  if (unknown !== undefined) throw AppError.validation(unknown.slice(0, 50), catalogueMessage(INTEGRATION_MESSAGES, 'unknownField', unknown.slice(0, 50), type));
  const value = (name: string) => (input[name] ?? '').trim();
  const missing = entry.required.filter((f) => !value(f.name)).map((f) => f.name);
  if (missing.length > 0) throw new AppError('VALIDATION_FAILED', catalogueMessage(INTEGRATION_MESSAGES, 'missingFields', missing.join(', ')), { field: missing[0], fields: missing });
  const split: SplitConfiguration = { settings: {}, secrets: {} };
  for (const field of fields) {
    const v = value(field.name);
    if (!v) continue;
    if (v.length > field.maxLength) throw AppError.validation(field.name, catalogueMessage(INTEGRATION_MESSAGES, 'fieldTooLong', field.name, field.maxLength));
    if (field.url) await checkUrl(field.name, v);
    (field.secret ? split.secrets : split.settings)[field.name] = v;
  }
  return split;
}

/** A secret as the API shows it: its kind and last four characters, never more than a quarter of it. */
export function mask(value: string): string {
  const shown = value.length >= 16 ? value.slice(-4) : '';
  return `••••${shown}`;
}

/** The configuration as answered: settings as they are, secrets masked. */
export function maskedConfiguration(split: SplitConfiguration): Record<string, string> {
  return { ...split.settings, ...Object.fromEntries(Object.entries(split.secrets).map(([k, v]) => [k, mask(v)])) };
}
