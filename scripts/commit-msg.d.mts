// Types for scripts/commit-msg.mjs (plain JavaScript, so the hook runs on Node alone), for its test.
export declare const SUBJECT_MAX: number;
export declare function checkCommitMessage(message: string): string[];
