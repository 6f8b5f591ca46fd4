// The one rule for paying a narrated video (DECISIONS.md, "Billing model"): every render that
// makes a new video is paid on its own, each language and each content version; a paid video stays
// downloadable until the next paid one is ready. A video is named by its key: the project, the
// language ('' the project's own, else a translation's) and the content version (a translation's:
// the project's version it was translated from). Every door asks here: the paid-video render (its
// payment's key must be the project's), a translation's render (its video only with a payment of
// its own language), downloads (402 until the language's video is paid) and, through the files
// these make, the SCORM package and the interactive video. Keeping the last paid video until the
// next one is ready is the rendered files' part (RenderedFiles.makeCurrent keeps it, currentFile
// serves it, forgetSupersededVideos lets it go).
import type { VideoEntitlement, VideoEntitlements } from './deps.js';

export interface VideoKey {
  projectId: string;
  /** '' the project's own video, else a translation's language. */
  language: string;
  contentVersion: number;
}

/** True when the payment pays for the video of this key (a payment from before versions: any version). */
export function paysFor(payment: Pick<VideoEntitlement, 'projectId' | 'language' | 'paidVersion'>, key: VideoKey): boolean {
  return payment.projectId === key.projectId && payment.language === key.language && (payment.paidVersion === null || payment.paidVersion === key.contentVersion);
}

/** Whether the video of this key is paid for (a payment waiting, rendering or used; not a failed one). */
export function isVideoPaid(entitlements: Pick<VideoEntitlements, 'paidFor'>, key: VideoKey): Promise<boolean> {
  return entitlements.paidFor(key);
}

/** The language's payments still to be made into a video (waiting or rendering). */
export function pendingVideos(entitlements: Pick<VideoEntitlements, 'pending'>, projectId: string, language = ''): Promise<VideoEntitlement[]> {
  return entitlements.pending(projectId, language);
}
