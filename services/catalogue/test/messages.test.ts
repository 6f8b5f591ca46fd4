import { BILLING_MESSAGES, GENERATOR_MESSAGES, GeneratorRequestError, VOICE_MESSAGES, catalogueMessage, defineMessages, normalizeGeneratorRequest } from '../src/index.js';

describe('catalogue messages by id', () => {
  it('names a message by its table and key, with the arguments it was made with', () => {
    expect(catalogueMessage(BILLING_MESSAGES, 'alreadyOnPlan')).toEqual({ id: 'billing.alreadyOnPlan', text: BILLING_MESSAGES.alreadyOnPlan, params: [] });
    expect(catalogueMessage(BILLING_MESSAGES, 'videoCreditsShort', 250, 1000)).toEqual({
      id: 'billing.videoCreditsShort',
      text: BILLING_MESSAGES.videoCreditsShort(250, 1000),
      params: [250, 1000],
    });
    expect(catalogueMessage(VOICE_MESSAGES, 'locked', 'business')).toMatchObject({ id: 'voices.locked', text: 'This voice requires Business or higher subscription.', params: ['business'] });
  });

  it('refuses a table that was never registered, so no message leaves without an id', () => {
    const unregistered = { hello: 'Hello' };
    expect(() => catalogueMessage(unregistered, 'hello')).toThrow(/not registered/);
    const registered = defineMessages('test', { hello: 'Hello' });
    expect(catalogueMessage(registered, 'hello').id).toBe('test.hello');
  });

  it("carries a generator request's refusal as a catalogue message", () => {
    let caught: unknown;
    try {
      normalizeGeneratorRequest('topic_to_content', {}, false);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GeneratorRequestError);
    expect((caught as GeneratorRequestError).catalogue).toEqual({ id: 'generator.topicRequired', text: GENERATOR_MESSAGES.topicRequired, params: [] });
  });
});
