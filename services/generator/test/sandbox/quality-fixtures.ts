// Shared by quality-sandbox.test.ts and quality-sandbox.timed.test.ts: a large project in the slide
// text format and the assessment operations' deps around a given quality engine.
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { AssessmentDeps } from '../../src/services/assessments/deps.js';
import type { Assessments, QualityEngine, StoredAssessment } from '../../src/services/ports.js';

export const INPUT = { desiredAtmosphere: '', targetAudience: '', focusAreas: [], notes: '' };

/** A project of `sections` slides in the slide text format, each with its own sentences. */
export function largeProject(sections: number): Project {
  const slides = Array.from({ length: sections }, (_, i) => [
    `## Checkpoint ${i + 1}: fume hood ${i % 97} and container ${i}`,
    '**Content:**',
    `- Technician ${i} checks the airflow gauge of hood ${i % 97} before opening container ${i}, because vapours collect quickly.`,
    `- It is important to note that spill kit ${i} stays within reach of bench ${i % 13} at all times during the shift.`,
    `- Label every sample of batch ${i} with the date, the owner and the hazard class before it leaves the room.`,
    `- Report a broken seal on container ${i} to the safety officer on duty at once, whatever the time.`,
  ].join('\n'));
  return Project.fromPartial({ id: 'project-1', companyId: 'company-1', title: 'Lab safety', status: 'completed', slidesContent: `# Lab safety\n\n${slides.join('\n\n')}` });
}

export function assessmentDeps(quality: QualityEngine, project: Project): AssessmentDeps {
  const rows: StoredAssessment[] = [];
  const assessments: Assessments = {
    insert: async (a) => {
      rows.push({ id: `assessment-${rows.length + 1}`, ...a });
      return `assessment-${rows.length}`;
    },
    find: async (id) => rows.find((r) => r.id === id),
  };
  return {
    projects: { get: async () => project, createEnhancedVersion: async () => ({ id: '', title: '' }), updateGenerated: async () => undefined },
    memberships: { find: async () => ({ role: 'editor' as const, capabilities: ['aiAgents'] }) },
    assessments,
    quality,
  };
}
