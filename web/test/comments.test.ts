// The comments panel's pure rules (lib/comments.ts): the writes, what the action accepts, moments
// and where a thread sits.
import { describe, expect, it } from '@jest/globals';
import i18n from '../app/i18n/index.js';
import { anchorLabel, canComment, commentWrite, formatMoment, isCommentRequest, parseCommentEvent, parseMoment } from '../app/lib/comments.js';

const en = i18n.getFixedT('en');
const fr = i18n.getFixedT('fr');

describe('comment writes', () => {
  it('should start a thread at its anchor, reply without one, resolve and delete', () => {
    expect(commentWrite({ intent: 'add', projectId: 'p', body: 'Hi', anchor: { kind: 'slide', slide: 2 }, mentions: ['u'] })).toEqual({
      method: 'POST',
      path: '/projects/p/comments',
      body: { body: 'Hi', anchor: { kind: 'slide', slide: 2 }, mentions: ['u'] },
    });
    expect(commentWrite({ intent: 'add', projectId: 'p', body: 'Yes', anchor: { kind: 'project' }, threadId: 't', mentions: [] })).toEqual({ method: 'POST', path: '/projects/p/comments', body: { body: 'Yes', thread_id: 't' } });
    expect(commentWrite({ intent: 'resolve', projectId: 'p', commentId: 'c', resolved: true })).toEqual({ method: 'PATCH', path: '/projects/p/comments/c', body: { resolved: true } });
    expect(commentWrite({ intent: 'delete', projectId: 'p/x', commentId: 'c' })).toEqual({ method: 'DELETE', path: '/projects/p%2Fx/comments/c' });
  });

  it('should accept only well-formed requests', () => {
    expect(isCommentRequest({ intent: 'add', projectId: 'p', body: 'x', anchor: { kind: 'project' }, mentions: [] })).toBe(true);
    expect(isCommentRequest({ intent: 'add', projectId: 'p', body: 'x', anchor: { kind: 'project' }, mentions: [3] })).toBe(false);
    expect(isCommentRequest({ intent: 'add', projectId: 'p', body: 'x', mentions: [] })).toBe(false);
    expect(isCommentRequest({ intent: 'resolve', projectId: 'p', commentId: 'c', resolved: 'yes' })).toBe(false);
    expect(isCommentRequest({ intent: 'delete', projectId: '', commentId: 'c' })).toBe(false);
    expect(isCommentRequest({ intent: 'edit', projectId: 'p', commentId: 'c' })).toBe(false);
  });
});

describe('moments and anchors', () => {
  it('should read and write a moment of the video', () => {
    expect(formatMoment(65.9)).toBe('1:05');
    expect(formatMoment(3725)).toBe('1:02:05');
    expect(parseMoment('1:05')).toBe(65);
    expect(parseMoment(' 42 ')).toBe(42);
    expect(parseMoment('1:02:05')).toBe(3725);
    for (const bad of ['', 'a', '1:-2', '1.5', '99:99:99:99', '30:00:00']) expect(parseMoment(bad)).toBeNull();
  });

  it('should say where a thread sits, in the interface language', () => {
    expect(anchorLabel({ kind: 'slide', slide: 2, seconds: null }, en)).toBe('Slide 2');
    expect(anchorLabel({ kind: 'video', slide: null, seconds: 65 }, fr)).toBe('Vidéo à 1:05');
    expect(anchorLabel({ kind: 'project', slide: null, seconds: null }, en)).toBe('Whole project');
    expect(canComment('commenter')).toBe(true);
    expect(canComment('viewer')).toBe(false);
    expect(parseCommentEvent({ project_id: 'p', comment_id: 'c', thread_id: null, change: 'resolved' })).toEqual({ project_id: 'p', comment_id: 'c', thread_id: null, change: 'resolved' });
    expect(parseCommentEvent({ project_id: 'p' })).toBeNull();
  });
});
