import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, MAX_QR_LINKS } from './constants.ts';
import { PLATFORM_VALUES } from './platforms.ts';
import { storableString } from './text.ts';
import { scanReputationSchema } from './reputation.ts';
import { CONTEXT_KEYS, scanContextSchema } from './scan-context.ts';
import { conversationSchema } from './conversation.ts';

export { PLATFORMS } from './platforms.ts';

export const platformSchema = z.enum(PLATFORM_VALUES);
export type Platform = z.infer<typeof platformSchema>;

export { MAX_QR_LINKS } from './constants.ts';

/** How the scanned text was given: pasted or typed, read from an image in the browser, or forwarded by mail. */
export const scanSourceSchema = z.enum(['text', 'image', 'email']);
export type ScanSource = z.infer<typeof scanSourceSchema>;
/** What a scan request may say: 'email' is only set by the server, for a mail forwarded to the account's address. */
export const scanRequestSourceSchema = z.enum(['text', 'image']);

/** Empty optional strings are treated as absent (the client omits them; the server forgives them). */
const optionalTrimmed = (max: number) =>
  storableString()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const scanRequestSchema = z.object({
  message: storableString({ error: 'Please enter a message to analyze' })
    .trim()
    .min(1, 'Please enter a message to analyze')
    .max(MAX_MESSAGE_LENGTH, `Messages can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters`),
  phoneNumber: optionalTrimmed(40),
  email: optionalTrimmed(320),
  platform: z
    .union([platformSchema, z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * Links decoded from QR codes in a screenshot the user scanned in the browser (the image itself
   * never leaves the device). Each also appears in `message`, where the link analysis reads it; listing it
   * here adds the reason "QR code leads to ...".
   */
  qrLinks: z.array(storableString().trim().min(1).max(2048)).max(MAX_QR_LINKS).optional(),
  /**
   * Where the message came from: typed or pasted text (the default), or text read from a screenshot on the
   * user's device. Only a label for the result page: the image itself is never sent.
   */
  source: scanRequestSourceSchema.optional(),
  /** What the user knows about the sender and the chat (scan-context.ts): weighed as evidence they gave. */
  context: scanContextSchema.optional(),
});
export type ScanRequest = z.input<typeof scanRequestSchema>;
export type ScanInput = z.output<typeof scanRequestSchema>;

export const SCAM_TYPES = {
  phishing: 'Phishing',
  delivery_smishing: 'Delivery Scam',
  bank_impersonation: 'Bank Impersonation',
  government_impersonation: 'Government Impersonation',
  marketplace_overpayment: 'Overpayment Scam',
  marketplace_verification_code: 'Verification Code Scam',
  fake_payment_confirmation: 'Fake Payment Confirmation',
  advance_fee: 'Advance-Fee Fraud',
  prize_lottery: 'Prize / Lottery Scam',
  romance: 'Romance Scam',
  crypto_investment: 'Crypto Investment Scam',
  job_task: 'Job / Task Scam',
  tech_support: 'Tech Support Scam',
  family_emergency: 'Family Emergency Scam',
  toll_smishing: 'Unpaid Toll Scam',
  extortion: 'Extortion / Sextortion',
  fake_invoice: 'Fake Invoice / Refund Call-back',
  recovery: 'Recovery Scam',
  loan: 'Loan Scam',
  fake_shop: 'Fake Shop',
  payment_redirect: 'Payment Redirection / Boss Scam',
  spam: 'Spam / Unwanted Marketing',
  other: 'Other Scam',
} as const;
export type ScamType = keyof typeof SCAM_TYPES;
export const scamTypeSchema = z.enum(Object.keys(SCAM_TYPES) as [ScamType, ...ScamType[]]);

export function scamTypeLabel(type: string | null | undefined): string | null {
  if (!type) return null;
  return (SCAM_TYPES as Record<string, string>)[type] ?? null;
}

/** Where a reason's evidence is: a span of the message, a link, or a lookup on the phone / e-mail. */
export const evidenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('span'), start: z.number().int().min(0), end: z.number().int().min(0), text: z.string() }),
  z.object({
    kind: z.literal('url'),
    url: z.string(),
    start: z.number().int().min(0).optional(),
    end: z.number().int().min(0).optional(),
  }),
  z.object({ kind: z.literal('phone'), detail: z.string() }),
  z.object({ kind: z.literal('email'), detail: z.string() }),
  z.object({ kind: z.literal('model'), detail: z.string() }),
  z.object({ kind: z.literal('llm'), detail: z.string() }),
]);
export type Evidence = z.infer<typeof evidenceSchema>;

export const reasonDetailSchema = z.object({
  /** Stable id of the detector that fired, e.g. `gift_card_request`. */
  id: z.string(),
  /** The sentence shown to the user. */
  text: z.string(),
  /** How much it moved the score: positive raises risk, negative lowers it. */
  weight: z.number(),
  /**
   * The score points it added, after decay (docs/engine.md, "How a score is made"): the reasons' points plus the
   * recorded steps' changes (`policy`) are the score. Absent on scans stored before points were recorded.
   */
  points: z.number().int().optional(),
  severity: z.enum(['high', 'medium', 'low', 'info']),
  evidence: z.array(evidenceSchema),
});
export type ReasonDetail = z.infer<typeof reasonDetailSchema>;

export const phoneAnalysisSchema = z.object({
  input: z.string(),
  valid: z.boolean(),
  e164: z.string().nullable(),
  country: z.string().nullable(),
  lineType: z.string().nullable(),
  /** null means unknown (e.g. US/Canada numbers without numbering data), never a false "no". */
  isVoip: z.boolean().nullable(),
  carrier: z.string().nullable(),
  notes: z.array(z.string()),
});
export type PhoneAnalysis = z.infer<typeof phoneAnalysisSchema>;

export const emailAnalysisSchema = z.object({
  input: z.string(),
  valid: z.boolean(),
  domain: z.string().nullable(),
  isDisposable: z.boolean(),
  isFreeMail: z.boolean(),
  isRoleAccount: z.boolean(),
  lookalikeOf: z.string().nullable(),
  /** null when MX was not checked. */
  hasMx: z.boolean().nullable(),
  notes: z.array(z.string()),
});
export type EmailAnalysis = z.infer<typeof emailAnalysisSchema>;

export const linkAnalysisSchema = z.object({
  url: z.string(),
  host: z.string(),
  domain: z.string().nullable(),
  start: z.number().int(),
  end: z.number().int(),
  flags: z.array(z.string()),
});
export type LinkAnalysis = z.infer<typeof linkAnalysisSchema>;

/**
 * One step of the engine's score policy that changed the score (server/src/detection/policy.ts): a cap, a
 * floor or the reviewer's blend, with the score before and after it. Shown under Details.
 */
export const POLICY_STEP_IDS = [
  'wording_start',
  'marketplace_weights',
  'elsewhere_weights',
  'long_text_brand_mismatch',
  'voip_alone',
  'marketplace_model_cap',
  'warning_floor',
  'opener_floor',
  'known_sender_cap',
  'model_only_cap',
  'sender_notice_cap',
  'platform_link_cap',
  'destination_cap',
  'no_way_to_act_cap',
  'reviewer_blend',
  'known_bad_link',
] as const;
export const policyStepSchema = z.object({
  id: z.enum(POLICY_STEP_IDS),
  from: z.number().int().min(0).max(100),
  to: z.number().int().min(0).max(100),
  text: z.string(),
});
export type PolicyStep = z.infer<typeof policyStepSchema>;

/** docs/product.md §3 "Scan result", plus the evidence docs/design.md §5 asks for. */
export const scanResultSchema = z.object({
  riskScore: z.number().int().min(0).max(100),
  confidence: z.number().min(0).max(1),
  scamType: scamTypeSchema.nullable().optional(),
  reasons: z.array(z.string()),
  reasonDetails: z.array(reasonDetailSchema),
  phoneAnalysis: phoneAnalysisSchema.nullable().optional(),
  emailAnalysis: emailAnalysisSchema.nullable().optional(),
  links: z.array(linkAnalysisSchema),
  advice: z.string().nullable(),
  engineVersion: z.string(),
  /** The message's language as the engine detected it (ISO 639-1 code and English name); null when unsure. */
  language: z.object({ code: z.string(), name: z.string() }).nullable().optional(),
  /** The score policy's steps that changed the score, in order (absent on scans stored before it was recorded). */
  policy: z.array(policyStepSchema).optional(),
  /** Known-bad lists and reports from other accounts; absent on scans stored before them. */
  reputation: scanReputationSchema.optional(),
  /** The yes/no questions whose answers could move this verdict (scan-context.ts), most decisive first; absent when none. */
  questions: z.array(z.enum(CONTEXT_KEYS)).optional(),
  /** Present when the message is a conversation: its turns, each of the other side's scored, and where it turned. */
  conversation: conversationSchema.optional(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** A stored scan as the API returns it (docs/product.md §3 "Stored scan"). */
export const storedScanSchema = scanResultSchema.extend({
  id: z.string(),
  message: z.string(),
  platform: platformSchema.nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  /**
   * 'image' when the text was read from a screenshot on the user's device (the image was not uploaded);
   * 'email' when it came from a mail forwarded to the account's forwarding address.
   */
  source: scanSourceSchema,
  /** The answers the user gave (absent when none). */
  context: scanContextSchema.optional(),
  createdAt: z.string(),
});
export type StoredScan = z.infer<typeof storedScanSchema>;

export const userStatsSchema = z.object({
  totalScans: z.number().int(),
  scamsDetected: z.number().int(),
  averageRiskScore: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** The three verdicts, by risk score (constants.ts riskBand: 70+ scam, 40+ suspicious, else legitimate). */
export const scanVerdictSchema = z.enum(['scam', 'suspicious', 'legitimate']);
export type ScanVerdict = z.infer<typeof scanVerdictSchema>;

export const SCAN_SEARCH_MAX_LENGTH = 200;
export const SCAN_LIST_DEFAULT_LIMIT = 50;
export const SCAN_LIST_MAX_LIMIT = 200;
/** GET /api/scans answers the list itself (docs/product.md §7); how many match is in this header. */
export const SCAN_TOTAL_HEADER = 'X-Total-Count';

/**
 * GET /api/scans query (History). Without parameters it is the spec's list: the newest 50.
 * q searches the message, phone number and e-mail (case-insensitive, literal: % and _ match themselves);
 * verdict filters by band; type by scam type as the card names it (only on a scam or suspicious verdict:
 * below 40 a type is a closest match, not a finding); page is 1-based, limit is the page size.
 */
export const scanListQuerySchema = z.object({
  // An empty value is the same as none (a cleared field), as for the scan request's optional fields.
  q: optionalTrimmed(SCAN_SEARCH_MAX_LENGTH),
  verdict: z
    .union([scanVerdictSchema, z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined)),
  type: z
    .union([scamTypeSchema, z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(SCAN_LIST_MAX_LIMIT).default(SCAN_LIST_DEFAULT_LIMIT),
});
export type ScanListQueryInput = z.input<typeof scanListQuerySchema>;
export type ScanListQuery = z.output<typeof scanListQuerySchema>;

export const scanListSchema = z.array(storedScanSchema);

/** DELETE /api/scans/:id and DELETE /api/scans: how many scans were deleted. */
export const deleteScansResponseSchema = z.object({ deleted: z.number().int().min(0) });
export type DeleteScansResponse = z.infer<typeof deleteScansResponseSchema>;
