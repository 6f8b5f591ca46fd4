// The engine's task: the project's type and material, read into a source document.
import { isUploadKind, maxUploadBytes, TIERS, UPLOAD_KINDS, type TierId } from '@trainwright/catalogue';
import { detectTextFormat, parseSlideText, scriptTextToDeck, type TextFormat } from '@trainwright/formats';
import { deckToSource, sourceText } from '../../domain/source.js';
import { GenerationError, type GenerationTask, type SourceDocument } from '../../domain/types.js';
import { generatorRequestOf } from '../generator-request.js';
import type { StoredFile } from '../ports.js';
import type { GenerationDeps } from './deps.js';
import type { JobGenerationInput } from './generation-input.js';
import { librarySource } from '../library/library-source.js';

export async function generationTask(deps: Pick<GenerationDeps, 'sources'>, input: JobGenerationInput, progress: (p: number) => Promise<void>): Promise<GenerationTask> {
  const project = input.project!;
  const files = input.files;
  const { sources } = deps;
  const readFile = async (file: StoredFile) => {
    const doc = await sources.file(file, { maxBytes: planFileLimit(input.plan.tier, file.kind) });
    await progress(80);
    return doc;
  };
  switch (project.projectType) {
    case 'ai_content_generator': {
      const request = generatorRequestOf(project.requestData);
      if (!request) throw new GenerationError('The project does not say which AI generator method to use.');
      let source: SourceDocument | null = null;
      if (files[0]) source = await readFile(files[0]);
      else if (request.generator_type === 'url_content') source = await sources.url(request.request_data.url);
      else if (request.generator_type === 'assessment_generator') source = sources.text(request.request_data.content_source, project.title);
      else if (request.generator_type === 'content_refresh') source = sources.text(request.request_data.existing_content, project.title);
      // A topic or a learning path is built from the library's passages about it, when it has some.
      else if (input.libraryPassages.length > 0 && (request.generator_type === 'topic_to_content' || request.generator_type === 'learning_path')) {
        const passages = input.libraryPassages;
        return { kind: 'generator', request, source: librarySource(passages, project.title), library: { passages } };
      }
      return { kind: 'generator', request, source };
    }
    case 'script_to_slides': {
      const file = files.find((f) => f.kind === 'script');
      // A script may be written in either format, typed or in a .txt file; one in slide text keeps
      // its notes as notes.
      let scriptText = project.scriptContent;
      if (file) {
        const source = await readFile(file);
        if (!writtenFormat(source)) return { kind: 'script_to_slides', source, scriptText: sourceText(source, { notes: false }) };
        scriptText = source.text!;
      }
      const deck = scriptTextToDeck(scriptText, project.title);
      return { kind: 'script_to_slides', source: deckToSource(deck, 'script'), scriptText };
    }
    case 'slides_to_script': {
      const file = files.find((f) => f.kind === 'slides');
      if (file) {
        const source = await readFile(file);
        // A .txt file in the slide text format is read as slides (its notes stay notes).
        if (writtenFormat(source) === 'slides') return { kind: 'slides_to_script', source: deckToSource(parseSlideText(source.text!), 'slides'), slidesText: source.text! };
        return { kind: 'slides_to_script', source, slidesText: '' };
      }
      return { kind: 'slides_to_script', source: deckToSource(parseSlideText(project.slidesContent), 'slides'), slidesText: project.slidesContent };
    }
    case 'software_analysis':
      return { kind: 'software_analysis', softwareDetails: project.softwareDetails, softwareList: project.softwareList };
    default:
      throw new GenerationError(`Projects of type ${project.projectType} cannot be generated.`);
  }
}

/** The largest file of this kind the owner's plan accepts (the upload was checked too; a job
 * queued before a downgrade, or a file stored another way, is held to it here). */
function planFileLimit(tier: TierId, kind: string): number {
  const rule = isUploadKind(kind) ? UPLOAD_KINDS[kind] : UPLOAD_KINDS.document;
  return maxUploadBytes(rule, TIERS[tier].limits.fileUploadLimitMB);
}

/** The format a plain-text file is written in (slide text or a script), or null for any other source. */
function writtenFormat(source: SourceDocument): TextFormat | null {
  return source.text === undefined ? null : detectTextFormat(source.text);
}
