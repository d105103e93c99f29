import { usePublicConfig } from '@/lib/public-config';
import { accuracyClaim, type AccuracyClaim } from '../utils/accuracy';

/** The measured accuracy claim, or null while loading, on error, or when no evaluation report exists. */
export function useAccuracyClaim(): { claim: AccuracyClaim | null; engineName: string | null } {
  const { data } = usePublicConfig();
  return { claim: accuracyClaim(data?.engine), engineName: data?.engine.name ?? null };
}
