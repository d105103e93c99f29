import type { StoredScan } from '@redflag/contracts/scan';
import ConversationTimeline from '@/features/conversation/components/ConversationTimeline';
import FeedbackPanel from '@/features/feedback/components/FeedbackPanel';
import QuestionsPanel from '@/features/questions/components/QuestionsPanel';
import ReportNextSteps from '@/features/report/components/ReportNextSteps';
import SharePanel from '@/features/share/components/SharePanel';

/**
 * What follows a verdict, on the scan page and on a saved report: three features composed here, in app/,
 * because features do not import each other (decision 086).
 */
export function ScanFollowUps({ scan }: { scan: StoredScan }) {
  return (
    <>
      {/* A conversation's turns, the one where it turned and where the user stands; nothing for one message. */}
      <ConversationTimeline scan={scan} />
      {/* The yes/no questions only the user can answer; nothing when the verdict does not turn on them. */}
      <QuestionsPanel key={scan.id} scan={scan} />
      {/* Where to report it; renders nothing on a legitimate verdict. */}
      <ReportNextSteps scan={scan} />
      {/* Was this right? and a link that shares the verdict without the message. */}
      <FeedbackPanel scanId={scan.id} />
      <SharePanel scanId={scan.id} />
    </>
  );
}
