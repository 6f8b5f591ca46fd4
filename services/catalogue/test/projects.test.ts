import { canTransition, statusLabel, PROJECT_STATUSES } from '../src/projects.js';

describe('project status machine', () => {
  it('should move forward through the pipeline, skipping stages if needed', () => {
    expect(canTransition('pending', 'analyzing')).toBe(true);
    expect(canTransition('analyzing', 'generating_content')).toBe(true);
    expect(canTransition('generating_documents', 'completed')).toBe(true);
    expect(canTransition('creating_slides', 'review')).toBe(true);
  });

  it('should never move backwards, except to pending for regeneration', () => {
    expect(canTransition('generating_content', 'analyzing')).toBe(false);
    expect(canTransition('completed', 'creating_slides')).toBe(false);
    expect(canTransition('completed', 'pending')).toBe(true);
    expect(canTransition('failed', 'pending')).toBe(true);
    expect(canTransition('analyzing', 'pending')).toBe(false);
  });

  it('should let unfinished work fail and nothing leave failed but a retry', () => {
    expect(canTransition('creating_video', 'failed')).toBe(true);
    expect(canTransition('completed', 'failed')).toBe(false);
    for (const to of PROJECT_STATUSES) if (to !== 'pending') expect(canTransition('failed', to)).toBe(false);
  });

  it('should accept progress within a stage but not a repeated terminal state', () => {
    expect(canTransition('analyzing', 'analyzing')).toBe(true);
    expect(canTransition('completed', 'completed')).toBe(false);
    expect(canTransition('pending', 'pending')).toBe(false);
  });

  it('should title-case statuses without underscores', () => {
    expect(statusLabel('generating_content')).toBe('Generating Content');
    expect(statusLabel('pending')).toBe('Pending');
  });
});
