import {
  ANNUAL_DISCOUNT,
  BILLING_MESSAGES,
  accountUsage,
  PAID_TIER_IDS,
  VIDEO_CREDIT_PRICE_CENTS,
  addOnPriceCents,
  downgradeOverUsage,
  isBillingInterval,
  planPriceCents,
  tierRank,
  videoCostCents,
} from '../src/index.js';

describe('billing prices', () => {
  it('should derive monthly and yearly plan prices in cents from the tier table', () => {
    expect(PAID_TIER_IDS.map((t) => [t, planPriceCents(t, 'month'), planPriceCents(t, 'year')])).toEqual([
      ['professional', 2900, 27840],
      ['business', 7900, 75840],
      ['enterprise', 19900, 191040],
    ]);
    expect(ANNUAL_DISCOUNT).toBe(0.2);
  });

  it('should price add-ons per month and per year with the same discount', () => {
    expect(addOnPriceCents('advanced_analytics', 'month')).toBe(1300);
    expect(addOnPriceCents('enhanced_ai_agent', 'year')).toBe(14400);
    expect(addOnPriceCents('advanced_video_processing', 'year')).toBe(16320);
  });

  it('should price a video credit at 250 cents', () => {
    expect(VIDEO_CREDIT_PRICE_CENTS).toBe(250);
  });

  it('should rank tiers from the trial up and know the intervals', () => {
    expect(tierRank('free-trial')).toBeLessThan(tierRank('professional'));
    expect(tierRank('business')).toBeLessThan(tierRank('enterprise'));
    expect(isBillingInterval('year')).toBe(true);
    expect(isBillingInterval('week')).toBe(false);
  });
});

describe('downgradeOverUsage', () => {
  it('should name each limit the usage is over', () => {
    expect(downgradeOverUsage('professional', { projectsUsed: 30, companiesOwned: 2, largestCompanyMembers: 1 })).toEqual([
      'Your account uses 30 projects; the Professional plan allows 25. Delete projects or keep your current plan.',
      'Your account owns 2 companies; the Professional plan allows 1. Delete companies or keep your current plan.',
    ]);
    expect(downgradeOverUsage('business', { projectsUsed: 10, companiesOwned: 1, largestCompanyMembers: 5 })).toEqual([
      'Your largest company has 5 members; the Business plan allows 3. Remove members or keep your current plan.',
    ]);
  });

  it('should accept usage that fits, and anything on an unlimited limit', () => {
    expect(downgradeOverUsage('professional', { projectsUsed: 25, companiesOwned: 1, largestCompanyMembers: 1 })).toEqual([]);
    expect(downgradeOverUsage('enterprise', { projectsUsed: 5000, companiesOwned: 10, largestCompanyMembers: 10 })).toEqual([]);
  });
});

describe('BILLING_MESSAGES', () => {
  it('should name plans and add-ons as the catalogue does', () => {
    expect(BILLING_MESSAGES.unknownPlan('gold')).toBe('Unknown plan: gold. Choose Professional, Business or Enterprise.');
    expect(BILLING_MESSAGES.addOnNotAvailable('advanced_analytics', 'free-trial')).toBe('The Advanced Analytics add-on is not available on the Free Trial plan.');
    expect(BILLING_MESSAGES.addOnAlreadyActive('enhanced_ai_agent')).toBe('The Enhanced AI Agent add-on is already active.');
    expect(BILLING_MESSAGES.creditsRange).toBe('Buy between 1 and 100 credits at a time.');
  });
});

describe('pay-per-use video', () => {
  it('should round the narration up to whole minutes, at least 1, at the plan rate', () => {
    expect(videoCostCents('professional', 61)).toEqual({ minutes: 2, ratePerMinute: 1, totalCents: 200, fromNarration: true });
    expect(videoCostCents('professional', 120)).toMatchObject({ minutes: 2, totalCents: 200 });
    expect(videoCostCents('business', 0)).toEqual({ minutes: 1, ratePerMinute: 0.6, totalCents: 60, fromNarration: true });
    expect(videoCostCents('business', 301)).toMatchObject({ minutes: 6, totalCents: 360 });
    expect(videoCostCents('enterprise', 599.5)).toEqual({ minutes: 10, ratePerMinute: 0.5, totalCents: 500, fromNarration: true });
  });

  it('should use the fallback rules without narration: 1 minute at 1.00, 0.60, else 0.50', () => {
    expect(videoCostCents('professional', null)).toEqual({ minutes: 1, ratePerMinute: 1, totalCents: 100, fromNarration: false });
    expect(videoCostCents('business', null)).toEqual({ minutes: 1, ratePerMinute: 0.6, totalCents: 60, fromNarration: false });
    expect(videoCostCents('enterprise', null)).toEqual({ minutes: 1, ratePerMinute: 0.5, totalCents: 50, fromNarration: false });
  });

  it('should price no video on the free trial', () => {
    expect(videoCostCents('free-trial', 90)).toBeNull();
    expect(videoCostCents('free-trial', null)).toBeNull();
  });

  it('should word the video messages', () => {
    expect(BILLING_MESSAGES.videoCreditsShort(125, 300)).toBe('Your video credits ($1.25) do not cover this video ($3.00). Buy credits or pay by card.');
    expect(BILLING_MESSAGES.videoNotNarrated('powerpoint')).toBe('This project has no narrated video (its visual format is PowerPoint).');
    expect(BILLING_MESSAGES.videoLineItem(3, 0.6)).toBe('Narrated video: 3 min at $0.60/min');
  });
});

describe('accountUsage', () => {
  it('should count the companies the account owns and the members of the largest, the owner at least', () => {
    const companies = [
      { ownerUserId: 'me', currentUsers: 3 },
      { ownerUserId: 'me', currentUsers: 1 },
      { ownerUserId: 'boss', currentUsers: 9 },
    ];
    expect(accountUsage({ projectsUsed: 4, companies }, 'me')).toEqual({ projectsUsed: 4, companiesOwned: 2, largestCompanyMembers: 3 });
    expect(accountUsage({ projectsUsed: 0, companies: [{ ownerUserId: 'boss', currentUsers: 9 }] }, 'me')).toEqual({ projectsUsed: 0, companiesOwned: 0, largestCompanyMembers: 1 });
  });
});
