import { riskBand } from '@redflag/contracts/constants';
import { PLATFORMS, scamTypeLabel, type StoredScan } from '@redflag/contracts/scan';
import { Check, Copy, ExternalLink, Flag, Mail, MessageSquareShare, Phone, Smartphone } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { RISK_LABELS } from '@/components/ui/risk-badge';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys';
import { impersonatedBrands } from '../utils/brand-contacts';
import type { ReportDestination } from '../utils/destinations';
import { nextSteps } from '../utils/next-steps';
import {
  chooseCountry,
  countryLabel,
  isReportCountry,
  namedInstitutions,
  REPORT_COUNTRIES,
  type CountryChoice,
} from '../utils/report-country';
import { buildSummary } from '../utils/summary';

const KIND_ICONS = {
  'forward-text': Smartphone,
  website: ExternalLink,
  email: Mail,
  'in-app': MessageSquareShare,
} as const;

function browserLocale(): string | null {
  return typeof navigator === 'undefined' ? null : (navigator.language ?? null);
}

/** Copies with the Clipboard API, falling back to selecting the text and the older copy command. */
async function copyText(text: string, fallback: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or not a secure context: fall through to the selection copy.
  }
  if (!fallback) return false;
  fallback.focus();
  fallback.select();
  try {
    // execCommand is deprecated but is the only copy path left where the Clipboard API is unavailable.
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

function Destination({ step }: { step: ReportDestination }) {
  const Icon = KIND_ICONS[step.kind];
  return (
    <li
      data-testid="report-destination"
      data-id={step.id}
      className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <span
        aria-hidden="true"
        className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-600"
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-bold text-slate-900">{step.name}</p>
        <p className="mt-0.5 text-sm text-slate-700">{step.action}</p>
        {step.address ? (
          <p className="mt-1 text-sm">
            {step.kind === 'email' ? (
              <a
                href={`mailto:${step.address}`}
                className="break-all font-mono font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {step.address}
              </a>
            ) : (
              <span className="font-mono text-base font-black tracking-wider text-slate-900">{step.address}</span>
            )}
          </p>
        ) : null}
        {step.phone ? (
          <a
            href={`tel:${step.phone.replace(/\s/g, '')}`}
            className="mt-1 mr-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            <Phone aria-hidden="true" className="size-3.5 shrink-0" />
            Call {step.phone}
          </a>
        ) : null}
        {step.url ? (
          <a
            href={step.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-flex items-center gap-1 break-all text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {new URL(step.url).host.replace(/^www\./, '')}
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}

/** One short line under the country: why this one, so a wrong guess is easy to spot and change. */
function countryReason(choice: CountryChoice): string {
  switch (choice.source) {
    case 'remembered':
      return 'Your choice, remembered on this device.';
    case 'sender':
      return choice.country === 'other'
        ? "From the sender's number."
        : `From the sender's ${countryLabel(choice.country)} number.`;
    case 'message':
      return `From the message (${choice.labels.slice(0, 3).join(', ')}).`;
    case 'locale':
      return "From your browser's language settings.";
  }
}

/**
 * "Report it" on a scam or suspicious result: where to report for the scam type, platform and country,
 * and a summary to paste into those forms. Nothing leaves the browser; the message text joins the summary
 * only when the user ticks the box.
 */
export default function ReportNextSteps({ scan }: { scan: StoredScan }) {
  const band = riskBand(scan.riskScore);
  const [choice, setChoice] = useState<CountryChoice>(() =>
    chooseCountry({
      remembered: storage.get(STORAGE_KEYS.reportCountry),
      phone: scan.phoneNumber,
      engineCountry: scan.phoneAnalysis?.country,
      message: scan.message,
      links: (scan.links ?? []).map((l) => l.url),
      locale: browserLocale(),
    }),
  );
  const country = choice.country;
  const [includeMessage, setIncludeMessage] = useState(false);
  // Which summary the last copy was of: a summary changed since (country, checkbox) has not been copied.
  const [lastCopy, setLastCopy] = useState<{ text: string; ok: boolean } | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const countryId = useId();
  const summaryId = useId();
  const includeId = useId();
  const whyId = useId();

  const brands = useMemo(
    () => impersonatedBrands({ message: scan.message, lookalikes: [scan.emailAnalysis?.lookalikeOf] }),
    [scan.message, scan.emailAnalysis?.lookalikeOf],
  );
  const institutions = useMemo(() => namedInstitutions(scan.message), [scan.message]);
  const steps = useMemo(
    () =>
      nextSteps({
        scamType: scan.scamType,
        platform: scan.platform,
        country,
        senderPhone: scan.phoneNumber,
        senderEmail: scan.email,
        brands,
        institutions,
      }),
    [scan.scamType, scan.platform, country, scan.phoneNumber, scan.email, brands, institutions],
  );
  const summary = useMemo(
    () =>
      buildSummary({
        scamTypeLabel: scamTypeLabel(scan.scamType),
        verdictLabel: RISK_LABELS[band],
        riskScore: scan.riskScore,
        platformLabel: PLATFORMS.find((p) => p.value === scan.platform)?.label ?? null,
        senderPhone: scan.phoneNumber,
        senderEmail: scan.email,
        links: (scan.links ?? []).map((l) => l.url),
        reasons: (scan.reasonDetails ?? []).filter((r) => r.weight > 0).map((r) => r.text),
        checkedAt: scan.createdAt,
        message: scan.message,
        includeMessage,
      }),
    [scan, band, includeMessage],
  );

  const copyState = lastCopy?.text === summary ? (lastCopy.ok ? 'copied' : 'failed') : 'idle';

  if (band === 'legitimate') return null;

  return (
    <section
      data-testid="report-next-steps"
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h4
            id={headingId}
            className="flex items-center gap-2 text-xs font-extrabold uppercase tracking-widest text-slate-700"
          >
            <Flag aria-hidden="true" className="size-4 text-slate-500" />
            Report it
          </h4>
          <p className="mt-1 text-sm text-slate-700">
            Reporting helps stop the sender reaching others. Where to report:
          </p>
        </div>
        <div className="grid gap-1">
          <label htmlFor={countryId} className="text-xs font-bold text-slate-700">
            Your country
          </label>
          <select
            id={countryId}
            value={country}
            aria-describedby={whyId}
            onChange={(e) => {
              const picked = e.target.value;
              if (!isReportCountry(picked)) return;
              // Where the user lives does not change from one message to the next: keep the choice.
              storage.set(STORAGE_KEYS.reportCountry, picked);
              setChoice({ country: picked, source: 'remembered', labels: [] });
            }}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {REPORT_COUNTRIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <p id={whyId} className="max-w-60 text-xs text-slate-600">
            {countryReason(choice)}
          </p>
        </div>
      </div>

      <ol aria-labelledby={headingId} className="grid gap-2 md:grid-cols-2">
        {steps.map((step) => (
          <Destination key={step.id} step={step} />
        ))}
      </ol>

      <div className="grid gap-2">
        <label htmlFor={summaryId} className="text-sm font-bold text-slate-900">
          Summary to paste into a report
        </label>
        <textarea
          id={summaryId}
          ref={textareaRef}
          data-testid="report-summary"
          readOnly
          value={summary}
          rows={Math.min(14, summary.split('\n').length + 1)}
          className="w-full resize-y rounded-xl border border-slate-300 bg-white p-3 font-mono text-xs leading-relaxed text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <input
              id={includeId}
              type="checkbox"
              checked={includeMessage}
              onChange={(e) => setIncludeMessage(e.target.checked)}
              className="size-4 rounded border-slate-400 accent-brand-600"
            />
            {/* Not just "Include the message text": the share panel on the same page has a box about the text too. */}
            <label htmlFor={includeId} className="text-sm text-slate-800">
              Include the message text in the report summary
            </label>
          </div>
          <div className="flex items-center gap-3">
            <p role="status" className="text-sm font-semibold text-emerald-700">
              {copyState === 'copied' ? (
                <span className="inline-flex items-center gap-1">
                  <Check aria-hidden="true" className="size-4" /> Copied
                </span>
              ) : copyState === 'failed' ? (
                <span className="text-red-700">Could not copy. Select the text and copy it.</span>
              ) : null}
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={async () => setLastCopy({ text: summary, ok: await copyText(summary, textareaRef.current) })}
            >
              <Copy aria-hidden="true" /> Copy summary
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
