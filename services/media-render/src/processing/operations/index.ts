// The advanced video operations (chroma key, colour correction, scene detection, smart crop,
// quality) and batch chunking, for the video-processing jobs. Each operation's file explains its
// filters; arguments come from pure builders, run by ffmpeg.runner.ts.
export * from './types.js';
export { runVideoOperation, OPERATION_FAILURES } from './run-video-operation.js';
export { splitIntoChunks, joinChunks, chunkSeconds, CHUNK_SECONDS, parseChunkList, concatListText, type VideoChunk } from './chunks.js';
export { batchOperation, isBatchOperationName, BATCH_OPERATIONS, DEFAULT_UPSCALE_FACTOR, type BatchOperationName } from './batch.js';
export { chromaKeyGraph, chromaKeyStrength, parseKeyColor, DEFAULT_KEY_COLOR, DEFAULT_CHROMA_SENSITIVITY } from './chroma-key.js';
export { colorCorrectionFilters, NEUTRAL_COLOR_CORRECTION } from './color-correction.js';
export { parseSceneScores, pickScenes, sceneThreshold, DEFAULT_MIN_SCENE_SECONDS, DEFAULT_MAX_SCENES, type SceneScore } from './scene-detection.js';
export { cropWindow, smoothFocusPath, cropPathFilter, cropCommands, planCrop, type CropWindow, type FocusPoint, type PathPoint } from './smart-crop.js';
export { qualityFilters, upscaledSize } from './quality.js';
export { parseProgressTime, runFfmpegPass, type FfmpegPass, type PassContext } from './ffmpeg.runner.js';
export { outputArgs } from './encoding.js';
