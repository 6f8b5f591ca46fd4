import type { Migration } from 'kysely/migration';
import * as createScormSchema from './1797300000000-CreateScormSchema.js';
import * as createInteractiveVideos from './1797400000000-CreateInteractiveVideos.js';
import * as addPackageLanguage from './1797500000000-AddPackageLanguage.js';
import * as addErrorMessages from './1797600000000-AddErrorMessages.js';
import * as lrsKeys from './1798200000000-LrsKeys.js';
import * as xapiStatements from './1798300000000-XapiStatements.js';
import * as learnerSenders from './1798400000000-LearnerSenders.js';
import * as learnerRollups from './1798500000000-LearnerRollups.js';
import * as learnerRollupVersions from './1798600000000-LearnerRollupVersions.js';
import * as learnerRollupQueueOrder from './1798700000000-LearnerRollupQueueOrder.js';

/** Every migration of schema `scorm`, in order. */
export const migrations: Record<string, Migration> = {
  '1797300000000-CreateScormSchema': createScormSchema,
  '1797400000000-CreateInteractiveVideos': createInteractiveVideos,
  '1797500000000-AddPackageLanguage': addPackageLanguage,
  '1797600000000-AddErrorMessages': addErrorMessages,
  '1798200000000-LrsKeys': lrsKeys,
  '1798300000000-XapiStatements': xapiStatements,
  '1798400000000-LearnerSenders': learnerSenders,
  '1798500000000-LearnerRollups': learnerRollups,
  '1798600000000-LearnerRollupVersions': learnerRollupVersions,
  '1798700000000-LearnerRollupQueueOrder': learnerRollupQueueOrder,
};
