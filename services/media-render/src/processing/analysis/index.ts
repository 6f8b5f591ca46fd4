// The video analysis (POST /api/video/analyze): quality, loudness, scenes, speech rate and a
// rule-based engagement prediction, each figure measured from the file. analyze-video.ts runs it;
// the other files are pure builders, readers and scorers, each explaining its thresholds.
export * from './types.js';
export { analyzeVideo, analysisSettings, analysisTimeLimitMs, ANALYSIS_FAILURE, MEASURE_WEIGHT, type AnalyzeOptions } from './analyze-video.js';
export { measurementPass, measurementGraph, measurementFiles, sampleRate, analysisSize, SAMPLE_RATES, MAX_SAMPLED_FRAMES, type MeasurementPlan, type MeasurementFiles, type SharpnessMethod } from './measurement-pass.js';
export { parseFrameMetadata, markedIntervals, mergeIntervals, subtractIntervals, coveredSeconds, type FrameMetadata, type Interval } from './frame-metadata.js';
export { measurePicture, judgeQuality, QUALITY_THRESHOLDS, type PictureMeasures, type StreamFacts } from './quality-metrics.js';
export { judgeLoudness, readLoudness, loudnessVerdict, LOUDNESS_TARGETS } from './loudness-metrics.js';
export { summariseScenes, ANALYSIS_SCENE_PARAMS } from './scene-metrics.js';
export { measureSpeech, speakingSpans, speechRateVerdict, PAUSE_SECONDS } from './speech-rate.js';
export { predictEngagement, rateOn, ENGAGEMENT_WEIGHTS, ENGAGEMENT_LABEL, type EngagementInputs } from './engagement-score.js';
export { readProbe, parseRate, probeVideo, hasBlurdetect, type ProbedVideo } from './video-probe.js';
