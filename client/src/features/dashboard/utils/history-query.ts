import { SCAM_TYPES, scamTypeSchema, type ScamType, type ScanVerdict } from '@redflag/contracts/scan';

/** The history's search, filters and page as the dashboard URL carries them (/dashboard?q=&verdict=&type=&page=). */
export interface HistoryFilters {
  q: string;
  verdict: ScanVerdict | '';
  type: ScamType | '';
  page: number;
}

export const HISTORY_PAGE_SIZE = 20;

export const VERDICT_OPTIONS: ReadonlyArray<{ value: ScanVerdict; label: string }> = [
  { value: 'scam', label: 'Scam (70+)' },
  { value: 'suspicious', label: 'Suspicious (40–69)' },
  { value: 'legitimate', label: 'Likely legitimate (under 40)' },
];

export const TYPE_OPTIONS: ReadonlyArray<{ value: ScamType; label: string }> = scamTypeSchema.options
  .map((value) => ({ value, label: SCAM_TYPES[value] }))
  .sort((a, b) => a.label.localeCompare(b.label));

const VERDICTS = new Set<string>(VERDICT_OPTIONS.map((o) => o.value));
const TYPES = new Set<string>(scamTypeSchema.options);

function isVerdict(value: string): value is ScanVerdict {
  return VERDICTS.has(value);
}

function isScamType(value: string): value is ScamType {
  return TYPES.has(value);
}

/** Reads the URL forgivingly: an unknown verdict or type, or a bad page, is no filter rather than an error. */
export function readHistoryFilters(params: URLSearchParams): HistoryFilters {
  const verdict = params.get('verdict') ?? '';
  const type = params.get('type') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    verdict: isVerdict(verdict) ? verdict : '',
    type: isScamType(type) ? type : '',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The URL search for these filters: only what is set, and page only past the first. */
export function historySearchParams(filters: Partial<HistoryFilters>): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  if (filters.verdict) params.set('verdict', filters.verdict);
  if (filters.type) params.set('type', filters.type);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function hasActiveFilters(filters: HistoryFilters): boolean {
  return Boolean(filters.q.trim() || filters.verdict || filters.type);
}

/** '21–40 of 45' for a page of the history. */
export function pageRange(page: number, pageSize: number, shown: number, total: number): string {
  if (shown === 0) return `0 of ${total}`;
  const first = (page - 1) * pageSize + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
