// The scorm service's domain: a package as asked for and as built.
import type { ActivityType, ObjectiveType, ScormTracking, ScormVersion } from '@trainwright/catalogue';
import type { GeneratedContent } from '@trainwright/formats';
import type { MessageRef } from '@trainwright/platform';
import type { ColorScheme } from '@trainwright/templates';

export const PACKAGE_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export interface LearningObjective {
  id: string;
  title: string;
  description: string;
  type: ObjectiveType;
}

export interface Activity {
  id: string;
  title: string;
  type: ActivityType;
  /** Minutes. */
  estimatedDuration: number;
}

/** What a package is asked to be (validated). */
export interface PackageSettings {
  packageName: string;
  scormVersion: ScormVersion;
  includeTracking: boolean;
  tracking: ScormTracking;
  objectives: LearningObjective[];
  activities: Activity[];
}

export interface PackageRecord extends PackageSettings {
  id: string;
  projectId: string;
  companyId: string;
  createdBy: string;
  /** The language packaged: the project's own, or a completed translation's ('' in packages made before translated packages: the project's own). */
  language: string;
  status: PackageStatus;
  progress: number;
  /** Why a failed build failed ('' when it did not), and the catalogue message it is (null: a text of its own, or none). */
  error: string;
  errorMessage: MessageRef | null;
  contentVersion: number;
  hasVideo: boolean;
  storageKey: string | null;
  size: number;
  downloadCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A completed translation's content as the translation service renders it (GetRenderContent). */
export interface TranslatedContent {
  language: string;
  title: string;
  description: string;
  slidesContent: string;
  scriptContent: string;
  generatedContent: GeneratedContent | null;
}

/** A project as a package needs it: its identity, content and look. */
export interface ProjectSource {
  id: string;
  companyId: string;
  title: string;
  description: string;
  language: string;
  contentVersion: number;
  hasContent: boolean;
  slidesContent: string;
  scriptContent: string;
  generatedContent: GeneratedContent | null;
  colors: ColorScheme | null;
  fonts: { heading: string; body: string } | null;
  fontStyle: string;
  /** The project's branding website ('' or absent when none). */
  website?: string;
}
