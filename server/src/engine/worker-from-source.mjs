// The engine thread's entry when the server runs from its TypeScript (tests, `npm run dev`): registers tsx in
// this thread, as `--import tsx` did in the main one, then loads worker.ts. The bundle has engine/worker.js.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./worker.ts');

export const analyze = worker.analyze;
export const warm = worker.warm;
export const readMail = worker.readMail;
