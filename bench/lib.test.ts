import { describe, expect, it } from 'vitest';
import { imageRuntime } from './lib.ts';

// The bench runs the bundle as the production image does (decision 126): these are read from deploy/Dockerfile.
describe('imageRuntime', () => {
  it("reads the image's node flags and memory settings from deploy/Dockerfile", () => {
    const { nodeArgs, env } = imageRuntime();
    expect(nodeArgs).toEqual(['--max-semi-space-size=4', '--enable-source-maps']);
    expect(env).toEqual({ MALLOC_TRIM_THRESHOLD_: '131072' });
  });

  it('takes only the last stage, joins continued ENV lines and skips comments', () => {
    const dockerfile = [
      'FROM node:20-slim AS build',
      'ENV MALLOC_ARENA_MAX=8',
      'CMD ["node", "--inspect", "build.js"]',
      'FROM node:20-slim',
      '# ENV MALLOC_TOP_PAD_=1',
      'ENV NODE_ENV=production \\',
      '    MALLOC_TRIM_THRESHOLD_=65536 \\',
      '    PORT=5000',
      'CMD ["node", "--max-old-space-size=512", "dist/server/index.js"]',
    ].join('\n');
    expect(imageRuntime(dockerfile)).toEqual({
      nodeArgs: ['--max-old-space-size=512'],
      env: { MALLOC_TRIM_THRESHOLD_: '65536' },
    });
  });

  it('refuses an image whose command is not node', () => {
    expect(() => imageRuntime('FROM debian\nCMD ["sh", "-c", "run"]')).toThrow(/does not run node/);
  });
});
