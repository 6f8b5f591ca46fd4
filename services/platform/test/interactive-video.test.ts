// The interactive video model on the wire: a metadata document survives the proto messages exactly
// (texts byte for byte, optional fields present or absent as given), lists and objects toJSON leaves
// out come back, and a number that is not finite stays a number for the validation to refuse.
import { describe, expect, it } from '@jest/globals';
import type { InteractiveVideoMetadata } from '@trainwright/catalogue';
import { InteractiveVideoMetadata as Message } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import { interactiveElementsFromMessage, interactiveElementsToMessage, interactiveMetadataFromMessage, interactiveMetadataToMessage } from '../src/interactive-video.js';

const metadata: InteractiveVideoMetadata = {
  project_id: '11111111-1111-4111-8111-111111111111',
  video_duration: 95.5,
  hotspots: [
    {
      id: 'h1',
      title: '<img src=x onerror="alert(1)"> & “quotes” 🚜',
      description: '',
      start_time: 0,
      end_time: 12.25,
      x_position: 0,
      y_position: 100,
      width: 10,
      height: 10,
      action: 'jump_to_time',
      action_data: { time: 30 },
      style: { background_color: '#2563eb', text_color: '#ffffff', border_color: '#ffffff', opacity: 0 },
      is_active: false,
    },
  ],
  quizzes: [
    {
      id: 'q1',
      question: 'Which?',
      question_type: 'multiple_choice',
      options: [
        { id: 'a', text: 'A', is_correct: false },
        { id: 'b', text: 'B', is_correct: true, feedback: '' },
      ],
      correct_feedback: '',
      incorrect_feedback: 'No',
      show_time: 20,
      points: 0,
      auto_advance: false,
      required: true,
    },
  ],
  call_to_actions: [],
  chapters: [{ id: 'c1', title: 'One', description: '', start_time: 0, is_skippable: false }],
  branching_scenarios: [{ id: 's1', title: 'Pick', prompt: 'Which way?', show_time: 90, type: 'choice', branches: [{ id: 'b1', label: 'Next', min_score: 0, target_type: 'project', target_project_id: '22222222-2222-4222-8222-222222222222' }] }],
  analytics_enabled: false,
  completion_threshold: 85,
};

describe('interactive video mappers', () => {
  it('should carry a document through the proto message unchanged, encoded and decoded', () => {
    const decoded = Message.decode(Message.encode(interactiveMetadataToMessage(metadata)).finish());
    expect(interactiveMetadataFromMessage(decoded)).toEqual(metadata);
  });

  it('should give back the lists and objects toJSON leaves out, so the validation can read them', () => {
    const empty = interactiveMetadataFromMessage(interactiveMetadataToMessage({ quizzes: [{ id: 'q' }], hotspots: [{ id: 'h' }], branching_scenarios: [{ id: 's' }] } as never));
    expect(empty).toMatchObject({ project_id: '', video_duration: 0, call_to_actions: [], chapters: [], analytics_enabled: false, completion_threshold: 0 });
    expect(empty.quizzes[0]!.options).toEqual([]);
    expect(empty.hotspots[0]!.style).toEqual({ background_color: '', text_color: '', border_color: '', opacity: 0 });
    expect(empty.hotspots[0]!.action_data).toEqual({});
    expect(empty.branching_scenarios[0]!.branches).toEqual([]);
    expect(interactiveElementsFromMessage(interactiveElementsToMessage({ hotspots: [], quizzes: [], call_to_actions: [], chapters: [], branching_scenarios: [] }))).toEqual({
      hotspots: [],
      quizzes: [],
      call_to_actions: [],
      chapters: [],
      branching_scenarios: [],
    });
  });

  it('should keep a number that is not finite a number (toJSON writes it as text)', () => {
    const message = interactiveMetadataToMessage({ ...metadata, video_duration: Infinity });
    message.hotspots[0]!.xPosition = Number.NaN;
    const back = interactiveMetadataFromMessage(message);
    expect(back.video_duration).toBe(Infinity);
    expect(back.hotspots[0]!.x_position).toBeNaN();
    expect(back.hotspots[0]!.title).toBe(metadata.hotspots[0]!.title);
  });
});
