// The LRS a package reports to besides its LMS, as the plan puts it in course.js: only with
// tracking, with the channel scorm, only the credential's own fields, and only to an absolute
// endpoint (the package runs on the LMS's origin).
import { describe, expect, it } from '@jest/globals';
import { PackageInputError, planPackage, type CourseLrs } from '../../src/package/index.js';
import { courseInput } from './fixtures.js';

const LRS: CourseLrs = {
  endpoint: 'https://app.trainwright.test/api/xapi/',
  authorization: 'Basic c2VuZGVyOnNlY3JldA==',
  activityId: 'https://app.trainwright.test/api/xapi/activities/projects/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  learnerHomePage: 'https://app.trainwright.test/api/xapi/',
  channelExtension: 'https://app.trainwright.test/api/xapi/extensions/channel',
};

describe("a package's LRS", () => {
  it('goes into course.js with tracking, on the channel scorm, with the credential alone', () => {
    const { course } = planPackage(courseInput('1.2', { lrs: { ...LRS, secretHash: 'scrypt$...' } as CourseLrs }));
    expect(course.lrs).toEqual({ ...LRS, channel: 'scorm' });
  });

  it('is left out without tracking, and of a course without one', () => {
    expect(planPackage(courseInput('2004', { includeTracking: false, lrs: LRS })).course).not.toHaveProperty('lrs');
    expect(planPackage(courseInput('cmi5')).course).not.toHaveProperty('lrs');
  });

  it('must be an absolute http(s) endpoint', () => {
    for (const endpoint of ['/api/xapi/', 'api/xapi/', 'javascript:alert(1)//', 'https://app.trainwright.test/api/xapi', 'https://app.trainwright.test/api/xapi/?x=1']) {
      expect(() => planPackage(courseInput('1.2', { lrs: { ...LRS, endpoint } }))).toThrow(PackageInputError);
    }
    expect(() => planPackage(courseInput('1.2', { lrs: { ...LRS, endpoint: 'http://localhost:3000/api/xapi/' } }))).not.toThrow();
  });
});
