// The "Welcome Training" project every new account starts with: a real, short course on using
// Trainwright, in the slide text and script formats every export reads. Its content is written, so
// it starts at rendering (creating_slides) and is completed by its render.completed like any
// project: completed means its files download.
import { deckToScript, plainContent, printScript, printSlideText, type SlideDeck } from '@trainwright/formats';
import type { NewProject } from './projects/deps.js';

export const SAMPLE_TITLE = 'Welcome Training';

const DECK: SlideDeck = {
  title: SAMPLE_TITLE,
  slides: [
    {
      title: 'Welcome to Trainwright',
      points: ['Turn a topic, script, document or slide deck into training material', 'Export slides, a PDF guide, a Word manual or a narrated video'],
      paragraphs: [],
      notes: 'Welcome! This short sample course shows what a finished Trainwright project looks like.',
    },
    {
      title: 'Create a project',
      points: ['Choose Create Project on the dashboard', 'Type or upload a script, or upload your slides', 'Pick a template, fonts, image style and branding'],
      paragraphs: [],
      notes: 'Every project starts from your own material. The create form shows a live preview while you type.',
    },
    {
      title: 'Follow its progress',
      points: ['Each stage shows its own progress bar', 'Statuses update live, without reloading', 'Completed projects can be downloaded'],
      paragraphs: [],
      notes: 'While your project is generated, its card shows every stage as it happens.',
    },
    {
      title: 'Share and improve',
      points: ['Copy a read-only link for reviewers', 'Edit the content and regenerate', 'Invite your team to your company'],
      paragraphs: [],
      notes: 'When you are ready, share the project with a link that you can revoke at any time.',
    },
  ],
};

export function sampleProject(input: { companyId: string; companyName: string; userId: string }): NewProject {
  const slideText = printSlideText(DECK);
  const script = printScript(deckToScript(DECK));
  return {
    companyId: input.companyId,
    ownerUserId: input.userId,
    createdBy: input.userId,
    title: SAMPLE_TITLE,
    description: 'A short sample course on using Trainwright, ready to preview and share.',
    projectType: 'script_to_slides',
    inputMethod: 'text',
    scriptContent: script,
    slidesContent: '',
    softwareDetails: '',
    softwareList: [],
    visualFormat: 'powerpoint',
    documentFormat: 'pdf',
    branding: { company_name: input.companyName, logo_url: '', website: '' },
    aiInstructions: '',
    templateId: 'business-employee-onboarding',
    fontStyle: 'modern',
    imageStyle: 'professional',
    voiceSelection: null,
    status: 'creating_slides',
    generatedContent: { ...plainContent(script, slideText), engine: 'sample' },
    progress: { analyzing: 100, generating_content: 100 },
    isSample: true,
  };
}
