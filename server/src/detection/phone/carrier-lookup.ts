/**
 * Optional online carrier lookup, used only when the caller configures it. The engine never needs it for
 * a verdict; it sharpens `isVoip` for US/Canadian numbers that offline data cannot type.
 */
import { z } from 'zod';

export interface CarrierLookupResult {
  lineType: string | null;
  carrier: string | null;
  isVoip: boolean | null;
}

export interface CarrierLookupProvider {
  readonly name: string;
  lookup(e164: string, signal?: AbortSignal): Promise<CarrierLookupResult | null>;
}

/** Twilio Lookup v2 "line_type_intelligence" response (only the fields we read). */
const twilioSchema = z.object({
  line_type_intelligence: z
    .object({
      type: z.string().nullable().optional(),
      carrier_name: z.string().nullable().optional(),
      error_code: z.union([z.number(), z.string()]).nullable().optional(),
    })
    .nullable()
    .optional(),
});

const TWILIO_TYPES: Record<string, { lineType: string; isVoip: boolean | null }> = {
  mobile: { lineType: 'MOBILE', isVoip: false },
  landline: { lineType: 'FIXED_LINE', isVoip: false },
  fixedVoip: { lineType: 'VOIP', isVoip: true },
  nonFixedVoip: { lineType: 'VOIP', isVoip: true },
  personal: { lineType: 'PERSONAL_NUMBER', isVoip: null },
  tollFree: { lineType: 'TOLL_FREE', isVoip: null },
  premium: { lineType: 'PREMIUM_RATE', isVoip: false },
  sharedCost: { lineType: 'SHARED_COST', isVoip: null },
  uan: { lineType: 'UAN', isVoip: null },
  voicemail: { lineType: 'VOICEMAIL', isVoip: null },
  pager: { lineType: 'PAGER', isVoip: false },
  unknown: { lineType: 'UNKNOWN', isVoip: null },
};

export interface TwilioLookupOptions {
  accountSid: string;
  authToken: string;
  /** Overridable for tests (a local fake server). */
  baseUrl?: string;
  timeoutMs?: number;
}

export function createTwilioLookup(opts: TwilioLookupOptions): CarrierLookupProvider {
  const base = (opts.baseUrl ?? 'https://lookups.twilio.com').replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async lookup(e164: string, signal?: AbortSignal): Promise<CarrierLookupResult | null> {
      const timeout = AbortSignal.timeout(opts.timeoutMs ?? 3000);
      const res = await fetch(`${base}/v2/PhoneNumbers/${encodeURIComponent(e164)}?Fields=line_type_intelligence`, {
        headers: { Authorization: auth, Accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) return null;
      const body = twilioSchema.safeParse(await res.json());
      const lti = body.success ? body.data.line_type_intelligence : null;
      if (!lti || lti.error_code) return null;
      const mapped = TWILIO_TYPES[lti.type ?? 'unknown'] ?? { lineType: (lti.type ?? 'UNKNOWN').toUpperCase(), isVoip: null };
      return { lineType: mapped.lineType, isVoip: mapped.isVoip, carrier: lti.carrier_name ?? null };
    },
  };
}
