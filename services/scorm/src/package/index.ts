// Packaging: a course model (slides, assessment, narrated video, objectives, tracking settings)
// into a SCORM 1.2, SCORM 2004 4th edition or cmi5 zip with a self-contained player.
export type { CourseActivity, CourseInput, CourseInteractive, CourseLrs, CourseObjective, CourseQuestion, CourseTheme, CourseVideo } from './course.js';
export { buildPackage, courseScript } from './build-package.js';
export { cmi5CourseStructure, cmi5MoveOn, scorm12Manifest, scorm2004Manifest, SCORM12_SCHEMA_LOCATIONS, SCORM2004_SCHEMA_LOCATIONS } from './manifests.js';
export { PACKAGE_FILES, PackageInputError, planPackage, themeCss, type PackagePlan } from './package-plan.js';
export { unsafeEntryReason, writeZip, type ZipSource } from './zip-writer.js';
export { XML_ID, safeIdentifier, uniqueIdentifiers } from './identifiers.js';
export type { PlayerCourse, PlayerInteractive, PlayerLrs } from './player-contract.js';
