import {
  TIERS,
  TIER_IDS,
  companyLimitMessage,
  effectiveCapabilities,
  featureLines,
  formatUsage,
  isBelowLimit,
  lowestTierWith,
  lowestTierWithMethod,
  normaliseTierId,
  remainingProjects,
  roleAllows,
} from '../src/index.js';

describe('plan catalogue', () => {
  it('should hold the tier table of part 1 section 9', () => {
    const table = TIER_IDS.map((id) => {
      const l = TIERS[id].limits;
      return [id, TIERS[id].price, l.projectLimit, l.userLimit, l.companyLimit, l.storageGB, l.downloadLimit, l.fileUploadLimitMB, l.dataRetentionDays, l.aiGeneratorMethods.length, l.templateCount, l.languages.length, l.videoRatePerMinute];
    });
    expect(table).toEqual([
      ['free-trial', 0, 3, 1, 1, 1, 3, 10, 14, 1, 15, 1, null],
      ['professional', 29, 25, 1, 1, 10, 25, 25, 60, 3, 30, 3, 1],
      ['business', 79, 100, 3, 3, 50, 100, 100, 120, 5, 50, 10, 0.6],
      ['enterprise', 199, -1, 10, 10, 200, -1, 500, 365, 6, 999, 20, 0.5],
    ]);
    expect(TIERS['free-trial'].limits.trialDays).toBe(7);
    expect(TIER_IDS.filter((id) => TIERS[id].popular)).toEqual(['professional']);
  });

  it('should give premium capabilities only as section 6 says', () => {
    const premium = ['analytics', 'teamCollaboration', 'customBranding', 'aiAgents', 'advancedVideoProcessing', 'integrationHub'] as const;
    const enterpriseOnly = ['apiAccess', 'realtimeCollaboration', 'scormCompliance'] as const;
    for (const cap of [...premium, ...enterpriseOnly]) {
      expect(TIERS['free-trial'].capabilities[cap]).toBe(false);
      expect(TIERS.professional.capabilities[cap]).toBe(false);
    }
    for (const cap of premium) {
      expect(TIERS.business.capabilities[cap]).toBe(true);
      expect(TIERS.enterprise.capabilities[cap]).toBe(true);
    }
    for (const cap of enterpriseOnly) {
      expect(TIERS.business.capabilities[cap]).toBe(false);
      expect(TIERS.enterprise.capabilities[cap]).toBe(true);
    }
  });

  it('should add the capability of a bought add-on, but only on tiers that may buy it', () => {
    expect(effectiveCapabilities('professional', ['advanced_analytics']).analytics).toBe(true);
    expect(effectiveCapabilities('professional', ['enhanced_ai_agent']).aiAgents).toBe(true);
    expect(effectiveCapabilities('professional', []).analytics).toBe(false);
    expect(effectiveCapabilities('free-trial', ['advanced_analytics']).analytics).toBe(false);
  });

  it('should map the tier table method names onto the six generator types', () => {
    expect(TIERS.professional.limits.aiGeneratorMethods).toEqual(['topic_to_content', 'url_content', 'assessment_generator']);
    expect(lowestTierWithMethod('document_analysis')?.id).toBe('business');
    expect(lowestTierWithMethod('learning_path')?.id).toBe('enterprise');
    expect(lowestTierWith('scormCompliance')?.id).toBe('enterprise');
  });

  it('should treat -1 as unlimited in counts and displays', () => {
    expect(remainingProjects({ projectLimit: 3 }, 1)).toBe(2);
    expect(remainingProjects({ projectLimit: 3 }, 5)).toBe(0);
    expect(remainingProjects({ projectLimit: -1 }, 500)).toBeNull();
    expect(formatUsage(2, -1)).toBe('2/∞');
    expect(formatUsage(1, 3)).toBe('1/3');
    expect(isBelowLimit(2, 3)).toBe(true);
    expect(isBelowLimit(3, 3)).toBe(false);
    expect(isBelowLimit(99, -1)).toBe(true);
  });

  it('should word the company limit as the specification does', () => {
    expect(companyLimitMessage('business')).toBe('Your Business plan allows only 3 companies. Upgrade to create more.');
  });

  it('should read the prototype short tier names', () => {
    expect(normaliseTierId('pro')).toBe('professional');
    expect(normaliseTierId('starter')).toBe('free-trial');
    expect(normaliseTierId(undefined)).toBe('professional');
    expect(normaliseTierId('nonsense')).toBe('professional');
  });

  it('should derive feature lines from the limits, with caveats marked', () => {
    const trial = featureLines(TIERS['free-trial']);
    expect(trial.find((l) => l.key === 'projects')?.text).toBe('3 projects');
    expect(trial.find((l) => l.key === 'noVideo')).toMatchObject({ caveat: true, text: '⚠ No video generation' });
    const enterprise = featureLines(TIERS.enterprise);
    expect(enterprise.map((l) => l.key)).toContain('unlimitedProjects');
    expect(enterprise.map((l) => l.key)).toContain('capability.scormCompliance');
    expect(featureLines(TIERS.business).map((l) => l.key)).not.toContain('capability.scormCompliance');
  });

  it('should say how many content languages the offline engine cannot reach (issue 23, point 10)', () => {
    expect(featureLines(TIERS.enterprise).find((l) => l.key === 'languagesEngine')).toMatchObject({ caveat: true, params: { count: 15 }, text: '⚠ 15 of them need an AI translation model or DeepL' });
    expect(featureLines(TIERS.business).find((l) => l.key === 'languagesEngine')).toMatchObject({ params: { count: 5 } });
    expect(featureLines(TIERS.professional).map((l) => l.key)).not.toContain('languagesEngine');
  });
});

describe('roles', () => {
  it('should let owners do everything and viewers only read', () => {
    expect(roleAllows('owner', 'company.update')).toBe(true);
    expect(roleAllows('editor', 'project.create')).toBe(true);
    expect(roleAllows('editor', 'company.update')).toBe(false);
    expect(roleAllows('commenter', 'project.comment')).toBe(true);
    expect(roleAllows('commenter', 'project.update')).toBe(false);
    expect(roleAllows('viewer', 'project.read')).toBe(true);
    expect(roleAllows('viewer', 'project.comment')).toBe(false);
  });
});
