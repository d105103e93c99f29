import { SIGHTING_THRESHOLD, SIGHTING_WINDOW_DAYS } from '@redflag/contracts/reputation';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { classifyError } from '@/lib/errors';
import { useReportSharing, useSaveReportSharing } from '../api/report-sharing';
import { SectionCard } from './SectionCard';

function ErrorNote({ error, reading }: { error: unknown; reading: boolean }) {
  const c = classifyError(error);
  return (
    <p role="alert" className="text-red-700">
      {reading ? 'The setting could not be read.' : 'The setting was not saved.'} {c.description} {c.suggestion}
    </p>
  );
}

/**
 * The account's say in "Reported in N other scans" (decision 103): on by default; off keeps this account's
 * scans out of the counts and withdraws what they already added.
 */
export function ReportSharingSection() {
  const id = useId();
  const setting = useReportSharing();
  const save = useSaveReportSharing();
  const checked = save.isPending ? Boolean(save.variables) : (setting.data?.shareReports ?? true);
  return (
    <SectionCard title="Reports from other users" icon={<Users aria-hidden="true" className="size-5" />}>
      <div className="grid gap-3 text-sm text-slate-700">
        <p>
          When scans from at least {SIGHTING_THRESHOLD} different accounts flag the same phone number, sender address or
          link site within {SIGHTING_WINDOW_DAYS} days, RedFlag tells the next person who checks it. Only a keyed
          fingerprint of the value and the day are kept: never who reported it, never the message. Marking a scan
          &ldquo;Not a scam&rdquo; withdraws its report.
        </p>
        <label htmlFor={id} className="flex items-start gap-3 font-medium text-slate-900">
          <input
            id={id}
            type="checkbox"
            data-testid="report-sharing"
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
            checked={checked}
            disabled={setting.isPending || save.isPending || setting.isError}
            onChange={(event) => save.mutate(event.target.checked)}
          />
          <span>Count my flagged scans in these reports</span>
        </label>
        {setting.isError || save.isError ? (
          <ErrorNote error={setting.error ?? save.error} reading={setting.isError} />
        ) : null}
      </div>
    </SectionCard>
  );
}
