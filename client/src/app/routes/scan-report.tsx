import { MemberRoute } from './member-route';

/** /scans/:id: one stored scan's full report (issue 12, History). */
export function ScanReportRoute() {
  return (
    <MemberRoute page="scan" what="view your scan reports">
      {() => null}
    </MemberRoute>
  );
}
