import type { PublicConfig } from '@redflag/contracts/config';
import { SUPPORT_EMAIL_DEFAULT } from '@redflag/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const bool = (value: unknown): boolean => value === true;

/**
 * Reads GET /api/config against the PublicConfig contract. Hand-written rather than
 * `publicConfigSchema.parse` so the landing bundle does not carry zod (~25 KB gzipped); the return type
 * makes the compiler check every field, and public-config.test.ts checks it accepts what the schema does.
 */
export function parsePublicConfig(json: unknown): PublicConfig {
  if (!isRecord(json) || !isRecord(json.engine) || !isRecord(json.signInMethods)) {
    throw new Error('GET /api/config answered with an unexpected shape');
  }
  const { engine, signInMethods } = json;
  const accuracy = typeof engine.accuracy === 'number' && Number.isFinite(engine.accuracy) ? engine.accuracy : null;
  return {
    authBaseUrl: str(json.authBaseUrl) ?? '',
    signInMethods: {
      emailPassword: bool(signInMethods.emailPassword),
      magicLink: bool(signInMethods.magicLink),
      google: bool(signInMethods.google),
      facebook: bool(signInMethods.facebook),
    },
    emailVerificationRequired: bool(json.emailVerificationRequired),
    billingProvider: json.billingProvider === 'stripe' ? 'stripe' : 'local',
    supportEmail: str(json.supportEmail) ?? SUPPORT_EMAIL_DEFAULT,
    engine: {
      name: str(engine.name) ?? 'RedFlag engine',
      version: str(engine.version) ?? '',
      accuracy,
      accuracyDataset: str(engine.accuracyDataset),
    },
  };
}

/** GET /api/config: auth methods, billing provider, support address and the engine's measured accuracy. */
export async function getPublicConfig(): Promise<PublicConfig> {
  return parsePublicConfig(await api.get<unknown>('/api/config'));
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['api', 'config'],
  queryFn: getPublicConfig,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}

/** The support address to show. Pages render at once with the default and update if config says otherwise. */
export function useSupportEmail(): string {
  const { data } = usePublicConfig();
  return data?.supportEmail ?? SUPPORT_EMAIL_DEFAULT;
}
