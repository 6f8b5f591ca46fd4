// buildPackage: a course model in, a SCORM 1.2, SCORM 2004 or cmi5 zip out.
import type { CourseInput } from './course.js';
import { indexHtml } from './index-html.js';
import { cmi5CourseStructureOf, scorm12ManifestOf, scorm2004ManifestOf } from './manifests.js';
import { PACKAGE_FILES, planPackage, themeCss, type PackagePlan } from './package-plan.js';
import { controlSchemaFiles, playerBundle, type PlayerBundle } from './player-assets.js';
import { COURSE_GLOBAL, type PlayerCourse } from './player-contract.js';
import { writeZip, type ZipSource } from './zip-writer.js';

/** course.js: the course data as a script that sets a global (works under file:// too). */
export function courseScript(course: PlayerCourse): string {
  // JSON is valid JavaScript; the two line separators are escaped for older engines that disagree.
  const json = JSON.stringify(course).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `window.${COURSE_GLOBAL} = ${json};\n`;
}

function manifestEntry(plan: PackagePlan): ZipSource {
  switch (plan.input.version) {
    case '1.2':
      return { name: 'imsmanifest.xml', data: scorm12ManifestOf(plan) };
    case '2004':
      return { name: 'imsmanifest.xml', data: scorm2004ManifestOf(plan) };
    case 'cmi5':
      return { name: 'cmi5.xml', data: cmi5CourseStructureOf(plan) };
  }
}

/** Where each file the plan lists comes from: the manifests list plan.files, so nothing is left out. */
function resourceEntry(name: string, plan: PackagePlan, player: PlayerBundle): ZipSource {
  const { input, course } = plan;
  switch (name) {
    case PACKAGE_FILES.launch:
      return { name, data: indexHtml(course) };
    case PACKAGE_FILES.script:
      return { name, data: player.script };
    case PACKAGE_FILES.style:
      return { name, data: player.style };
    case PACKAGE_FILES.theme:
      return { name, data: themeCss(input.theme) };
    case PACKAGE_FILES.course:
      return { name, data: courseScript(course) };
    case PACKAGE_FILES.captions:
      if (input.video) return { name, data: input.video.captionsVtt };
      break;
    case PACKAGE_FILES.video:
      if (input.video) return { name, path: input.video.path, compress: false };
      break;
  }
  throw new Error(`no source for package file '${name}'`);
}

/** Builds the package of `input` at `outPath`; onProgress gets 0-100 as the zip is written. */
export async function buildPackage(input: CourseInput, outPath: string, onProgress?: (percent: number) => void): Promise<{ size: number; entries: string[] }> {
  const plan = planPackage(input);
  const [player, schemas] = await Promise.all([playerBundle(), controlSchemaFiles(input.version)]);
  const entries = [manifestEntry(plan), ...plan.files.map((name) => resourceEntry(name, plan, player)), ...schemas];
  return writeZip(entries, outPath, onProgress);
}
