import type { Migration } from 'kysely/migration';
import * as createMediaSchema from './1763900000002-CreateMediaSchema.js';
import * as renderVersions from './1764000000001-RenderVersions.js';
import * as projectViews from './1764100000001-ProjectViews.js';
import * as downloadFiles from './1764200000001-DownloadFiles.js';
import * as projectLogos from './1764300000001-ProjectLogos.js';
import * as videoEntitlements from './1764400000001-VideoEntitlements.js';
import * as paidVersion from './1764500000001-PaidVersion.js';
import * as translatedRenders from './1764600000001-TranslatedRenders.js';
import * as videoLanguage from './1764700000001-VideoLanguage.js';
import * as outbox from './1764800000001-Outbox.js';
import * as errorMessages from './1797600000001-ErrorMessages.js';
import * as educationLibrary from './1797700000001-EducationLibrary.js';
import * as videoProcessing from './1797800000001-VideoProcessing.js';
import * as videoBatchChunks from './1797900000001-VideoBatchChunks.js';

/** Every migration of schema `media_render`, in order. */
export const migrations: Record<string, Migration> = {
  '1763900000002-CreateMediaSchema': createMediaSchema,
  '1764000000001-RenderVersions': renderVersions,
  '1764100000001-ProjectViews': projectViews,
  '1764200000001-DownloadFiles': downloadFiles,
  '1764300000001-ProjectLogos': projectLogos,
  '1764400000001-VideoEntitlements': videoEntitlements,
  '1764500000001-PaidVersion': paidVersion,
  '1764600000001-TranslatedRenders': translatedRenders,
  '1764700000001-VideoLanguage': videoLanguage,
  '1764800000001-Outbox': outbox,
  '1797600000001-ErrorMessages': errorMessages,
  '1797700000001-EducationLibrary': educationLibrary,
  '1797800000001-VideoProcessing': videoProcessing,
  '1797900000001-VideoBatchChunks': videoBatchChunks,
};
