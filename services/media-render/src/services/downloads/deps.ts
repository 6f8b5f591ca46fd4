// Downloads (part 1 sections 5, 7, 8): the last complete set of files, the formats the project
// has, the plan's download limit counted per owner and month. What the download operations work
// with: the project views, the rendered files, the download counter, memberships and plans, the
// paid videos and the clock.
import type { TierId } from '@trainwright/catalogue';
import type { Memberships, ProjectDirectory, ProjectViews, RenderedFiles } from '../ports.js';
import type { VideoEntitlements } from '../videos/deps.js';

/** One counted download: whose plan, who, and which file (storage key: project, format and files version). */
export interface DownloadRecord {
  ownerUserId: string;
  companyId: string;
  projectId: string;
  userId: string;
  format: string;
  storageKey: string;
}

/** 'counted' (a new download), 'continued' (continues one counted recently: free) or 'refused' (the plan's limit). */
export type CountResult = 'counted' | 'continued' | 'refused';

/** The downloads counted against the owner's plan (repositories/download.repository.ts). */
export interface DownloadCounter {
  /**
   * Counts a download unless the owner already has `limit` since `since` (-1: no limit): 'refused'
   * when the limit is reached. With `continuesSince`, a download of the same file by the same user
   * counted since then makes this one 'continued' (not counted). Parallel downloads cannot both
   * pass the limit.
   */
  countDownload(d: DownloadRecord, limit: number, since: Date, continuesSince?: Date): Promise<CountResult>;
  /** The downloads counted against the owner since `since` (what countDownload holds against the limit). */
  countedSince(ownerUserId: string, since: Date): Promise<number>;
}

/** The plan a user owns: the plan of the companies they own (downloads are counted against it). */
export interface OwnedPlans {
  /** The company the user owns, carrying their plan's tier; null when they own none. */
  ownedCompany(userId: string): Promise<{ ownerTier: TierId } | null>;
}

export interface DownloadDeps {
  views: ProjectViews;
  /** Asked only on a view miss (a project from before the views, or whose event is not applied yet). */
  projects: Pick<ProjectDirectory, 'project'>;
  memberships: Memberships;
  files: Pick<RenderedFiles, 'currentFile'>;
  downloads: DownloadCounter;
  /** The plan a user owns (for their usage). */
  plans: OwnedPlans;
  /** Paid narrated videos: whether the video of a project without one is paid for and rendering. */
  entitlements: Pick<VideoEntitlements, 'pending'>;
  clock: () => Date;
}
