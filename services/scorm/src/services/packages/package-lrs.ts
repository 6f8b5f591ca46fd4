// Where a package with tracking reports learners' statements besides its LMS (docs/scorm.md,
// "Statements to Trainwright"): the LRS endpoint and the package's own sender credential, which
// may write only about the project's activity.
import type { CourseLrs } from '../../package/index.js';
import type { PackageRecord } from '../types.js';
import type { PackageDeps } from './deps.js';

/** The package's sender credential as its player uses it; null without tracking (no credential is made). */
export async function packageLrs(deps: Pick<PackageDeps, 'senders'>, record: Pick<PackageRecord, 'id' | 'companyId' | 'projectId' | 'includeTracking'>): Promise<CourseLrs | null> {
  if (!record.includeTracking) return null;
  const sender = await deps.senders.tracking({ companyId: record.companyId, source: 'package', sourceId: record.id, projectId: record.projectId });
  return {
    // The LRS's home page is its endpoint, absolute (built from PUBLIC_WEB_URL): the package runs on the LMS's origin.
    endpoint: sender.homePage,
    authorization: `Basic ${Buffer.from(`${sender.key}:${sender.secret}`).toString('base64')}`,
    activityId: sender.activityId,
    learnerHomePage: sender.homePage,
    channelExtension: sender.channelExtension,
  };
}
