import { describe, expect, it } from '@jest/globals';
import { featureLines, TIER_IDS, TIERS } from '@trainwright/catalogue';
import en from '../app/i18n/en.js';
import es from '../app/i18n/es.js';
import fr from '../app/i18n/fr.js';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

function lookup(tree: Tree, path: string): string | Tree | undefined {
  return path.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('interface translations', () => {
  const reference = keys(en).sort();

  it.each([
    ['es', es],
    ['fr', fr],
  ])('%s has exactly the English keys', (_, messages) => {
    expect(keys(messages as Tree).sort()).toEqual(reference);
  });

  it.each([
    ['es', es],
    ['fr', fr],
  ])('%s uses the same placeholders and no empty text', (_, messages) => {
    for (const key of reference) {
      const text = lookup(messages as Tree, key);
      expect(typeof text).toBe('string');
      expect((text as string).trim()).not.toBe('');
      expect(placeholders(text as string)).toEqual(placeholders(lookup(en, key) as string));
    }
  });

  it('translates every feature line of every tier', () => {
    for (const id of TIER_IDS) {
      for (const line of featureLines(TIERS[id])) {
        const base = `features.${line.key}`;
        const found = lookup(en, base) ?? lookup(en, `${base}_other`);
        expect({ key: line.key, found: typeof found }).toEqual({ key: line.key, found: 'string' });
      }
    }
  });

  it('keeps the specification texts in English', () => {
    expect(en.guard.title).toBe('Feature Not Available');
    expect(en.guard.text).toBe('This feature requires a higher subscription tier. Please upgrade your plan to continue.');
    expect(en.common.loading).toBe('Loading...');
    expect(en.profile.saved).toBe('Profile updated successfully!');
    expect(en.errors.network).toBe('Network error. Please check your connection.');
    expect(en.companies.limitReached).toBe('Your {{plan}} plan allows only {{limit}} companies. Upgrade to create more.');
  });

  it('keeps the Advanced Analytics texts of the specification in English', () => {
    expect(en.analytics.advanced.unavailable).toBe('Advanced Analytics Unavailable');
    expect(en.analytics.advanced.noEngagement).toBe('No engagement data available');
    expect(en.analytics.advanced.noCompletion).toBe('No completion data available');
    expect(Object.keys(en.analytics.advanced.tabs).filter((key) => key !== 'label')).toEqual(['overview', 'engagement', 'completion']);
  });

  it('keeps the project and template texts of the specification in English', () => {
    expect(en.projectForm.creating).toBe('Creating...');
    expect(en.projectForm.timeout).toBe('Request timed out. Please try again.');
    expect(en.projectForm.failed).toBe('Failed to create project: {{message}}');
    expect(en.projectForm.networkFailed).toBe('Network connection failed. Please check your connection and try again.');
    expect(en.projectForm.errors.titleRequired).toBe('Project title is required');
    expect(en.projectForm.errors.scriptRequired).toBe('Script content is required');
    expect(en.projectForm.errors.softwareRequired).toBe('Software details are required for software analysis');
    expect(en.preview.empty).toBe('Start typing content to see live preview');
    expect(en.preview.logoFailed).toBe('Logo could not be loaded');
    expect(en.editDialog.loadFailed).toBe('Error loading project for editing. Please try again.');
    expect(en.editDialog.saveFailed).toBe('Error saving project updates. Please try again.');
    expect(en.editDialog.savedRegenerate).toBe('Project updated! AI will regenerate content with your changes');
    expect(en.deleteDialog.confirm).toBe('Are you sure you want to delete this project?');
    expect(en.deleteDialog.failed).toBe('Failed to delete project');
    expect(en.projects.share.copied).toBe('Project link copied to clipboard!');
    expect(en.projects.noCompany).toBe('No Company');
    expect(en.dashboard.noProjects).toBe('No projects yet');
    expect(en.templates.empty).toBe('No templates found');
    expect(en.upload.typeError).toBe('File type not supported. Accepted types: {{accepted}}');
    expect(en.upload.sizeError).toBe('File size ({{size}}) exceeds maximum allowed size ({{max}})');
    expect(en.shared.gone).toBe('This link is no longer available.');
  });

  it('keeps the download and voice texts of the specification in English', () => {
    expect(en.projects.actions.download).toBe('Download files');
    expect(en.downloads.failed).toBe('Failed to download {{name}}: {{message}}');
    expect(en.downloads.errors.timeout).toBe('Download timed out. File generation may take longer than expected.');
    expect(en.downloads.errors.invalid).toBe('Invalid request');
    expect(en.downloads.errors.notFound).toBe('Project not found');
    expect(en.downloads.errors.server).toBe('Server error during file generation. Check browser console for details.');
    expect(en.downloads.errors.failed).toBe('Download failed');
    expect(en.downloads.noContent).toBe('No generated content available for {{title}}. Try refreshing the page.');
    expect(en.voices.defaultDescription).toBe('Professional AI voice');
    expect(en.voices.customEmptyTitle).toBe('No Custom Voices Yet');
    expect(en.voices.previewFailed).toBe('Failed to preview voice');
    expect(en.voices.lockedMessage).toBe('This voice requires {{plan}} or higher subscription.');
    expect(en.voices.clone.success).toBe('Voice cloned successfully!');
    expect(en.voices.clone.failed).toBe('Failed to clone voice');
    expect(en.voices.clone.errors.required).toBe('Please provide a name and at least one audio file');
  });
});
