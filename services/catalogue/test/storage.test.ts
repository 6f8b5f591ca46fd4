// The storage arithmetic behind an upload's byte bound: the plan's storageGB in bytes, what is
// left of it, and the refusal's wording.
import { maxUploadBytes, storageLeftBytes, storageLimitBytes, storageLimitMessage, uploadTimeoutMessage, UPLOAD_KINDS } from '../src/index.js';

describe('plan storage', () => {
  it("should turn each plan's storageGB into bytes", () => {
    expect(storageLimitBytes('free-trial')).toBe(1_073_741_824);
    expect(storageLimitBytes('professional')).toBe(10 * 1_073_741_824);
    expect(storageLimitBytes('business')).toBe(50 * 1_073_741_824);
    expect(storageLimitBytes('enterprise')).toBe(200 * 1_073_741_824);
  });

  it('should leave the limit minus what is used, never below 0, and no bound without a limit', () => {
    const gb = 1_073_741_824;
    expect(storageLeftBytes(gb, 0)).toBe(gb);
    expect(storageLeftBytes(gb, gb - 1000)).toBe(1000);
    expect(storageLeftBytes(gb, gb)).toBe(0);
    expect(storageLeftBytes(gb, gb + 5)).toBe(0);
    expect(storageLeftBytes(gb, -3)).toBe(gb);
    expect(storageLeftBytes(-1, 10 * gb)).toBe(Infinity);
  });

  it("should bound an upload by the smaller of the file limit and the storage left", () => {
    const fileMax = maxUploadBytes(UPLOAD_KINDS.script, 10);
    expect(Math.min(fileMax, storageLeftBytes(1_073_741_824, 1_073_741_824 - 2048))).toBe(2048);
    expect(Math.min(fileMax, storageLeftBytes(1_073_741_824, 0))).toBe(10 * 1_048_576);
  });

  it('should name the plan, its storage and what is left', () => {
    expect(storageLimitMessage('free-trial', 3 * 1_048_576, 2048)).toBe(
      'Your Free Trial plan includes 1 GB of storage, and this file (3 MB) needs more than the 2 KB left. Delete projects you no longer need or upgrade your plan to upload it.',
    );
  });
});

describe('upload time limits', () => {
  it('should name the limit that stopped the upload', () => {
    expect(uploadTimeoutMessage('idle', 30_000)).toBe('The upload stopped: no data arrived for 30 seconds. Please check your connection and try again.');
    expect(uploadTimeoutMessage('total', 1_800_000)).toBe('The upload did not finish within 30 minutes. Please check your connection and try again.');
    expect(uploadTimeoutMessage('idle', 1000)).toBe('The upload stopped: no data arrived for 1 second. Please check your connection and try again.');
  });
});
