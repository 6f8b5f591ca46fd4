/** The seeded demo account that `npm start` prints (never used for anything else). */
export const DEMO_ACCOUNT = {
  email: 'demo@trainwright.local',
  password: 'trainwright-demo',
  name: 'Demo Trainer',
  company: 'Demo Training Co',
  tier: 'business',
} as const;
