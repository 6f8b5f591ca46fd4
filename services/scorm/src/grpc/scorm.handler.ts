// Transport only: proto <-> domain for the package operations.
import type { UnaryHandlers } from '@trainwright/platform';
import { ScormServiceService, type Package } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { PackageOperations } from '../services/packages.js';
import { packageSettings } from '../services/settings.js';
import type { PackageRecord } from '../services/types.js';

function toProto(p: PackageRecord): Package {
  return {
    id: p.id,
    projectId: p.projectId,
    companyId: p.companyId,
    packageName: p.packageName,
    scormVersion: p.scormVersion,
    status: p.status,
    progress: p.progress,
    error: p.error,
    downloadCount: p.downloadCount,
    size: p.size,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    includeTracking: p.includeTracking,
    tracking: {
      completionRule: p.tracking.completion_rule,
      completionThreshold: p.tracking.completion_threshold,
      passingScore: p.tracking.passing_score,
      statusPair: p.tracking.status_pair,
    },
    learningObjectives: p.objectives,
    activities: p.activities.map((a) => ({ id: a.id, title: a.title, type: a.type, estimatedDuration: a.estimatedDuration })),
    contentVersion: p.contentVersion,
    hasVideo: p.hasVideo,
  };
}

export function createScormHandlers(deps: { packages: PackageOperations }): UnaryHandlers<typeof ScormServiceService> {
  const { packages } = deps;
  return {
    exportPackage: async (req) => {
      const t = req.tracking;
      const settings = packageSettings({
        packageName: req.packageName,
        scormVersion: req.scormVersion,
        includeTracking: req.includeTracking,
        objectives: req.learningObjectives,
        activities: req.activities,
        // Parts not given (empty, 0 threshold, negative score): the defaults.
        tracking: t
          ? { completion_rule: t.completionRule, completion_threshold: t.completionThreshold || undefined, passing_score: t.passingScore >= 0 ? t.passingScore : undefined, status_pair: t.statusPair }
          : null,
      });
      return toProto(await packages.exportPackage(req.userId, req.projectId, settings));
    },
    listPackages: async (req) => ({ packages: (await packages.list(req.userId, req.projectId || null)).map(toProto) }),
    getPackage: async (req) => toProto(await packages.get(req.userId, req.packageId)),
    openPackage: async (req) => packages.open(req.userId, req.packageId),
  };
}
