import {
  LISTED_MEANS,
  REPORTS_ARE_NOT_PROOF,
  sightingText,
  type SharedReputation,
} from '@redflag/contracts/reputation';
import { Globe2, Users } from 'lucide-react';
import { useId } from 'react';

/**
 * What others have seen about a scan (decision 103): its links on public known-bad lists, and reports from
 * other users' flagged scans of its number, address or link hosts, each with what it means and what it does
 * not. Shared by the result card, the report page and a shared verdict (where the values may be withheld:
 * `url` / `value` null).
 */
export default function ReputationFindings({ reputation }: { reputation: SharedReputation | undefined }) {
  const titleId = useId();
  if (!reputation || (reputation.listings.length === 0 && reputation.sightings.length === 0)) return null;
  const { listings, sightings } = reputation;
  return (
    <section
      data-testid="reputation-findings"
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h4 id={titleId} className="text-xs font-extrabold uppercase tracking-widest text-slate-700">
        What others have seen
      </h4>
      {listings.length > 0 ? (
        <div className="grid gap-1.5">
          <ul className="grid gap-1.5">
            {listings.map((l, index) => (
              <li key={`${l.list}-${index}`} data-testid="reputation-listing" className="flex gap-2 text-slate-900">
                <Globe2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
                <span>
                  <span className="font-semibold">
                    {l.match === 'url' ? 'This link is' : "This link's site is"} on the known-bad list “{l.list}”
                  </span>
                  {l.listedAt ? <> (listed {l.listedAt.slice(0, 10)})</> : null}
                  {l.url ? (
                    <>
                      {': '}
                      <code className="[overflow-wrap:anywhere] rounded-sm bg-slate-100 px-1 font-mono text-xs">
                        {l.url}
                      </code>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-600">{LISTED_MEANS}</p>
        </div>
      ) : null}
      {sightings.length > 0 ? (
        <div className="grid gap-1.5">
          <ul className="grid gap-1.5">
            {sightings.map((s, index) => (
              <li key={`${s.kind}-${index}`} data-testid="reputation-sighting" className="flex gap-2 text-slate-900">
                <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                <span>
                  <span className="font-semibold">{sightingText(s)}</span>
                  {s.value ? (
                    <>
                      {': '}
                      <code className="[overflow-wrap:anywhere] rounded-sm bg-slate-100 px-1 font-mono text-xs">
                        {s.value}
                      </code>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-600">{REPORTS_ARE_NOT_PROOF}</p>
        </div>
      ) : null}
    </section>
  );
}
