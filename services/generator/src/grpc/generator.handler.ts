// Transport only: proto <-> domain.
import { AppError, type AccessTable, type UnaryHandlers } from '@trainwright/platform';
import { LIBRARY_LIMITS } from '@trainwright/catalogue';
import { QualityAssessment, type GeneratorServiceService, type ReadLibrarySourceRequest } from '@trainwright/proto/trainwright/generator/v1/generator';
import { analyzeProject } from '../services/assessments/analyze-project.js';
import { applyImprovements } from '../services/assessments/apply-improvements.js';
import { assessQuality } from '../services/assessments/assess-quality.js';
import type { AssessmentDeps } from '../services/assessments/deps.js';
import { initializeService } from '../services/assessments/initialize-service.js';
import { readLibrarySource, type LibrarySourceReader, type LibrarySourceRequest } from '../services/library/read-library-source.js';

function librarySourceRequest(req: ReadLibrarySourceRequest): LibrarySourceRequest {
  if (req.file) {
    const f = req.file;
    return { kind: 'file', title: req.title, file: { id: '', kind: 'library', filename: f.filename, contentType: '', storageKey: f.storageKey, size: f.size } };
  }
  if (req.url !== undefined) return { kind: 'url', url: req.url, title: req.title };
  if (req.text !== undefined) return { kind: 'text', text: req.text, title: req.title };
  throw AppError.validation('source', 'Name a file, a web page or a text to read.');
}

function parameters(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw AppError.validation('parameters', 'parameters must be an object');
}

/**
 * How each method reaches company data (platform access.ts): the server refuses to answer a method
 * that names an action unless the access check decided. A new method needs its line here.
 */
export const generatorAccess: AccessTable<typeof GeneratorServiceService> = {
  assessQuality: { action: 'project.update' },
  applyImprovements: { action: 'project.update' },
  initializeService: { action: 'project.read' },
  analyze: { action: 'project.read' },
  readLibrarySource: { internal: "the project service's company library, which checked the caller (library.update) first" },
};

export function createGeneratorHandlers(deps: AssessmentDeps, library: { sources: LibrarySourceReader }): UnaryHandlers<typeof GeneratorServiceService> {
  return {
    assessQuality: async (req) => {
      const answer = await assessQuality(deps, req.userId, req.projectId, {
        desiredAtmosphere: req.desiredAtmosphere,
        targetAudience: req.targetAudience,
        focusAreas: req.focusAreas,
        notes: req.notes,
      });
      // The domain assessment has the message's JSON (proto) field names.
      return { premiumRequired: answer.premiumRequired, assessment: answer.assessment ? QualityAssessment.fromJSON(answer.assessment) : undefined };
    },
    applyImprovements: async (req) =>
      applyImprovements(deps, req.userId, req.projectId, {
        assessmentId: req.assessmentId,
        selected: req.selectedRecommendations,
        modifications: req.userModifications,
        preserveOriginal: req.preserveOriginal,
        notes: req.improvementNotes,
      }),
    initializeService: (req) => initializeService(deps, req.userId, req.projectId, req.serviceType),
    analyze: (req) => analyzeProject(deps, req.userId, req.projectId, req.analysisType, parameters(req.parameters)),
    readLibrarySource: (req) => readLibrarySource(library, librarySourceRequest(req), { maxPassages: Math.min(req.maxPassages || LIBRARY_LIMITS.passages, LIBRARY_LIMITS.passages), maxWords: LIBRARY_LIMITS.passageWords }),
  };
}
