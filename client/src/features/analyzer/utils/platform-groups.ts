// Relative import: the root vitest.config.ts does not resolve the client's '@/' alias.
import { PLATFORMS, type PlatformOption } from '@redflag/contracts/platforms';

export interface PlatformGroup {
  category: PlatformOption['category'];
  options: PlatformOption[];
}

/** PLATFORMS grouped by category, in first-seen order (Communication, Marketplace, Other). */
export function groupPlatforms(platforms: readonly PlatformOption[] = PLATFORMS): PlatformGroup[] {
  const groups: PlatformGroup[] = [];
  for (const platform of platforms) {
    const group = groups.find((g) => g.category === platform.category);
    if (group) group.options.push(platform);
    else groups.push({ category: platform.category, options: [platform] });
  }
  return groups;
}
