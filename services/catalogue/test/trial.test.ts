import { DAY_MS, canGenerate, computeTrialStatus, retentionCutoff, trialRefusal, TRIAL_MESSAGES } from '../src/index.js';

const start = new Date('2026-11-01T10:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * DAY_MS);
const trial = (days: number) => computeTrialStatus({ tier: 'free-trial', trialStartedAt: start, videoCredits: 0, now: at(days) });

describe('computeTrialStatus', () => {
  it('should count down the 7 active days from the start', () => {
    expect(trial(0)).toMatchObject({ is_trial: true, status: 'active_trial', days_remaining: 7, days_used: 0, warning: false });
    expect(trial(2.5)).toMatchObject({ status: 'active_trial', days_remaining: 5, days_used: 2 });
  });

  it('should warn when 2 or fewer days remain', () => {
    expect(trial(4.5)).toMatchObject({ days_remaining: 3, warning: false });
    expect(trial(5)).toMatchObject({ days_remaining: 2, warning: true });
    expect(trial(6.9)).toMatchObject({ days_remaining: 1, warning: true });
  });

  it('should enter a 7-day grace period, then expire', () => {
    expect(trial(7)).toMatchObject({ status: 'grace_period', days_remaining: 7, days_used: 7 });
    expect(trial(13.5)).toMatchObject({ status: 'grace_period', days_remaining: 1 });
    expect(trial(14)).toMatchObject({ status: 'expired', days_remaining: 0 });
    expect(trial(14).message).toMatch(/expired/);
    expect(trial(8).message).toMatch(/files will be deleted/);
  });

  it('should allow generating only while active, and say why not afterwards', () => {
    expect(canGenerate(trial(1).status)).toBe(true);
    expect(canGenerate(trial(8).status)).toBe(false);
    expect(canGenerate(trial(20).status)).toBe(false);
    expect(trialRefusal(trial(1).status)).toBeNull();
    // A catalogue message: the English text and the id a client translates by.
    expect(trialRefusal(trial(8).status)).toEqual({ id: 'trial.ended', text: TRIAL_MESSAGES.ended, params: [] });
    expect(trialRefusal(trial(20).status)).toEqual({ id: 'trial.expired', text: TRIAL_MESSAGES.expired, params: [] });
  });

  it('should keep the data for the plan retention days from the trial start (the trial and its grace)', () => {
    expect(retentionCutoff(at(14)).getTime()).toBe(start.getTime());
    expect(computeTrialStatus({ tier: 'free-trial', trialStartedAt: retentionCutoff(at(14)), videoCredits: 0, now: at(14) }).status).toBe('expired');
  });

  it('should report a paid plan as active and not a trial', () => {
    const paid = computeTrialStatus({ tier: 'business', trialStartedAt: start, videoCredits: 4, now: at(30) });
    expect(paid).toMatchObject({ is_trial: false, status: 'active', days_remaining: null, video_credits: 4 });
    expect(canGenerate(paid.status)).toBe(true);
    expect(trialRefusal(paid.status)).toBeNull();
  });
});
