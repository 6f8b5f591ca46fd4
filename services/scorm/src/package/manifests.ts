// The manifests: imsmanifest.xml for SCORM 1.2 and SCORM 2004 4th edition, cmi5.xml for cmi5.
// One organisation with one item launching the player SCO, whose resource lists every file.
import type { CourseInput } from './course.js';
import { planCompletionTerms, planPackage, type PackagePlan } from './package-plan.js';
import { xmlDocument, type XmlElement } from './xml.js';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

const SCORM12 = {
  imscp: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  imsmd: 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1',
};

const SCORM2004 = {
  imscp: 'http://www.imsglobal.org/xsd/imscp_v1p1',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_v1p3',
  adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3',
  adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3',
  imsss: 'http://www.imsglobal.org/xsd/imsss',
  lom: 'http://ltsc.ieee.org/xsd/LOM',
};

const CMI5_NAMESPACE = 'http://aicc.org/CMI5/CourseStructure.xsd';

/** The control documents (schemas) a SCORM package carries at its root for xsi:schemaLocation. */
export const SCORM12_SCHEMA_LOCATIONS: Record<string, string> = {
  [SCORM12.imscp]: 'imscp_rootv1p1p2.xsd',
  [SCORM12.imsmd]: 'imsmd_rootv1p2p1.xsd',
  [SCORM12.adlcp]: 'adlcp_rootv1p2.xsd',
};

export const SCORM2004_SCHEMA_LOCATIONS: Record<string, string> = {
  [SCORM2004.imscp]: 'imscp_v1p1.xsd',
  [SCORM2004.adlcp]: 'adlcp_v1p3.xsd',
  [SCORM2004.adlseq]: 'adlseq_v1p3.xsd',
  [SCORM2004.adlnav]: 'adlnav_v1p3.xsd',
  [SCORM2004.imsss]: 'imsss_v1p0.xsd',
  [SCORM2004.lom]: 'lom.xsd',
};

const schemaLocation = (locations: Record<string, string>) =>
  Object.entries(locations)
    .map(([namespace, file]) => `${namespace} ${file}`)
    .join(' ');

const fileElements = (plan: PackagePlan): XmlElement[] => plan.files.map((href) => ({ '@_href': href }));

/** ISO 8601 duration of whole minutes, e.g. PT1H30M. */
function minutesDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

export const scorm12Manifest = (input: CourseInput): string => scorm12ManifestOf(planPackage(input));
export const scorm2004Manifest = (input: CourseInput): string => scorm2004ManifestOf(planPackage(input));
export const cmi5CourseStructure = (input: CourseInput): string => cmi5CourseStructureOf(planPackage(input));

export function scorm12ManifestOf(plan: PackagePlan): string {
  const { ids, input } = plan;
  const langstring = (text: string) => ({ 'imsmd:langstring': { '@_xml:lang': input.language, '#text': text } });
  return xmlDocument({
    manifest: {
      '@_identifier': ids.manifest,
      '@_version': '1.0',
      '@_xmlns': SCORM12.imscp,
      '@_xmlns:adlcp': SCORM12.adlcp,
      '@_xmlns:imsmd': SCORM12.imsmd,
      '@_xmlns:xsi': XSI,
      '@_xsi:schemaLocation': schemaLocation(SCORM12_SCHEMA_LOCATIONS),
      metadata: {
        schema: 'ADL SCORM',
        schemaversion: '1.2',
        'imsmd:lom': {
          'imsmd:general': {
            'imsmd:title': langstring(input.title),
            'imsmd:language': input.language,
            'imsmd:description': input.description ? langstring(input.description) : undefined,
          },
          'imsmd:educational': plan.typicalMinutes ? { 'imsmd:typicallearningtime': { 'imsmd:datetime': minutesDuration(plan.typicalMinutes) } } : undefined,
        },
      },
      organizations: {
        '@_default': ids.organization,
        organization: {
          '@_identifier': ids.organization,
          title: input.title,
          item: {
            '@_identifier': ids.item,
            '@_identifierref': ids.resource,
            '@_isvisible': 'true',
            title: input.title,
            // 1.2 LMSs judge passed/failed from the score against it, so only when the quiz decides.
            'adlcp:masteryscore': plan.quizDecides ? input.tracking.passing_score : undefined,
          },
        },
      },
      resources: {
        resource: {
          '@_identifier': ids.resource,
          '@_type': 'webcontent',
          '@_adlcp:scormtype': 'sco',
          '@_href': plan.files[0]!,
          file: fileElements(plan),
        },
      },
    },
  });
}

export function scorm2004ManifestOf(plan: PackagePlan): string {
  const { ids, input } = plan;
  const measure = (input.tracking.passing_score / 100).toFixed(4);
  const byMeasure = (satisfied: boolean, objective: XmlElement): XmlElement =>
    satisfied ? { ...objective, '@_satisfiedByMeasure': 'true', 'imsss:minNormalizedMeasure': measure } : { ...objective, '@_satisfiedByMeasure': 'false' };
  const langstring = (text: string) => ({ string: { '@_language': input.language, '#text': text } });
  return xmlDocument({
    manifest: {
      '@_identifier': ids.manifest,
      '@_version': '1.0',
      '@_xmlns': SCORM2004.imscp,
      '@_xmlns:adlcp': SCORM2004.adlcp,
      '@_xmlns:adlseq': SCORM2004.adlseq,
      '@_xmlns:adlnav': SCORM2004.adlnav,
      '@_xmlns:imsss': SCORM2004.imsss,
      '@_xmlns:xsi': XSI,
      '@_xsi:schemaLocation': schemaLocation(SCORM2004_SCHEMA_LOCATIONS),
      metadata: {
        schema: 'ADL SCORM',
        schemaversion: '2004 4th Edition',
        lom: {
          '@_xmlns': SCORM2004.lom,
          general: {
            title: langstring(input.title),
            language: input.language,
            description: input.description ? langstring(input.description) : undefined,
          },
          educational: plan.typicalMinutes ? { typicalLearningTime: { duration: minutesDuration(plan.typicalMinutes) } } : undefined,
        },
      },
      organizations: {
        '@_default': ids.organization,
        organization: {
          '@_identifier': ids.organization,
          '@_adlseq:objectivesGlobalToSystem': 'false',
          title: input.title,
          item: {
            '@_identifier': ids.item,
            '@_identifierref': ids.resource,
            '@_isvisible': 'true',
            title: input.title,
            'imsss:sequencing': {
              'imsss:objectives': {
                // The LMS judges success from the scaled score only where the quiz decides (the
                // course, and each objective that questions assess); elsewhere the content sets it.
                'imsss:primaryObjective': byMeasure(plan.quizDecides, { '@_objectiveID': ids.primaryObjective }),
                'imsss:objective': plan.course.objectives.map((o) =>
                  byMeasure(plan.quizDecides && plan.course.questions.some((q) => q.objectiveId === o.id), { '@_objectiveID': o.id }),
                ),
              },
              'imsss:deliveryControls': { '@_tracked': 'true', '@_completionSetByContent': 'true', '@_objectiveSetByContent': 'true' },
            },
            // The player has its own Previous/Next; the LMS's would move between SCOs, and there is one.
            'adlnav:presentation': {
              'adlnav:navigationInterface': { 'adlnav:hideLMSUI': ['previous', 'continue'] },
            },
          },
          'imsss:sequencing': { 'imsss:controlMode': { '@_choice': 'true', '@_flow': 'true' } },
        },
      },
      resources: {
        resource: {
          '@_identifier': ids.resource,
          '@_type': 'webcontent',
          '@_adlcp:scormType': 'sco',
          '@_href': plan.files[0]!,
          file: fileElements(plan),
        },
      },
    },
  });
}

/** cmi5 moveOn: what the LMS waits for before the AU counts as satisfied. */
export function cmi5MoveOn(plan: PackagePlan): 'CompletedAndPassed' | 'Completed' | 'Passed' {
  if (!plan.input.includeTracking) return 'Completed';
  const terms = planCompletionTerms(plan);
  if (!terms.quiz) return 'Completed';
  return terms.viewing ? 'CompletedAndPassed' : 'Passed';
}

/**
 * cmi5.xml: the course and one block holding the AU. Objectives are left out: the cmi5 schemas
 * disagree on where they go (after the course in the published one, after the block in ours),
 * and a course with neither validates against both.
 */
export function cmi5CourseStructureOf(plan: PackagePlan): string {
  const { ids, input } = plan;
  const text = (value: string) => ({ langstring: { '@_lang': input.language, '#text': value } });
  const description = text(input.description || input.title);
  const moveOn = cmi5MoveOn(plan);
  return xmlDocument({
    courseStructure: {
      '@_xmlns': CMI5_NAMESPACE,
      course: { '@_id': ids.course, title: text(input.title), description },
      block: {
        '@_id': `${ids.course}:block`,
        title: text(input.title),
        description,
        au: {
          '@_id': `${ids.course}:au`,
          '@_moveOn': moveOn,
          '@_masteryScore': moveOn === 'Completed' ? undefined : (input.tracking.passing_score / 100).toFixed(2),
          '@_launchMethod': 'AnyWindow',
          title: text(input.title),
          description,
          url: plan.files[0]!,
        },
      },
    },
  });
}
