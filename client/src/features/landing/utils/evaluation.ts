import {
  engineTable,
  generatedAt,
  headline,
  modelVersion,
  engineVersion,
} from '../../../../../server/src/detection/model/eval-report.json';

/**
 * The measured accuracy table on the landing page: the engine's leave-one-source-out
 * evaluation, read from the report `npm run eval -- --loso` writes (docs/engine-evaluation.md), never typed
 * in. Each row is a public dataset scored by a model and combiner trained without it.
 */

export interface EvaluationRow {
  source: string;
  name: string;
  what: string;
  /** Share of scam messages flagged (score 40 or more), rounded down; null for a dataset without scams. */
  scamsCaught: string | null;
  /** Share of genuine messages flagged, rounded up; null for a dataset without genuine messages. */
  genuineFlagged: string | null;
  scams: number;
  genuine: number;
}

const SOURCES: Record<string, { name: string; what: string }> = {
  craigslist_bargain: { name: 'Craigslist chats', what: 'Buyers and sellers haggling over items (genuine only)' },
  emscad_jobs_subset: { name: 'Job ads (EMSCAD)', what: 'Real and fraudulent job postings' },
  enron_spam: { name: 'Work e-mail (Enron)', what: 'Office e-mail and the spam it received' },
  indonesian_sms: { name: 'Indonesian texts', what: 'SMS in Indonesian: personal, promotions and fraud' },
  nazario_phishing: { name: 'Phishing e-mails (Nazario)', what: 'Real phishing e-mails (scams only)' },
  spamassassin: { name: 'Personal e-mail (SpamAssassin)', what: 'Everyday e-mail and spam' },
  thai_sms: { name: 'Thai texts', what: 'SMS in Thai: personal, one-time codes, spam and scams' },
  ph_sms: {
    name: 'Philippine texts (2022-26)',
    what: "One person's SMS inbox: business promotions, government notices and scams",
  },
  scamspot_ig: { name: 'Instagram comments (2023)', what: 'Comments under finance accounts: genuine and scam' },
  mishra_soni_smishing: { name: 'SMS phishing (Mishra & Soni)', what: 'Text messages: personal, spam and smishing' },
  uci_sms_spam: { name: 'SMS spam (UCI)', what: 'Text messages: personal and spam' },
};

/** One decimal, rounded toward the less flattering side: down for scams caught, up for false alarms. */
export function percent(share: number, round: 'down' | 'up'): string {
  const tenths = round === 'down' ? Math.floor(share * 1000 + 1e-9) : Math.ceil(share * 1000 - 1e-9);
  return `${(tenths / 10).toFixed(1)}%`;
}

interface ReportRow {
  source: string;
  legit: number;
  legitFlagged: number | null;
  scam: number;
  scamRecall: number | null;
}

/** The share of a dataset on the wrong side of 40: the larger of genuine flagged and scams missed. */
const errorOf = (r: ReportRow): number => Math.max(r.legitFlagged ?? 0, r.scamRecall === null ? 0 : 1 - r.scamRecall);

/**
 * The public datasets' rows, worst first (most on the wrong side of 40, as docs/engine-evaluation.md names
 * the worst source). The team's own written source is not a public dataset and is left out.
 */
export function evaluationRows(rows: readonly ReportRow[]): EvaluationRow[] {
  return rows
    .filter((r) => r.source !== 'synthetic')
    .sort((a, b) => errorOf(b) - errorOf(a))
    .map((r) => ({
      source: r.source,
      name: SOURCES[r.source]?.name ?? r.source,
      what: SOURCES[r.source]?.what ?? '',
      scamsCaught: r.scam > 0 && r.scamRecall !== null ? percent(r.scamRecall, 'down') : null,
      genuineFlagged: r.legit > 0 && r.legitFlagged !== null ? percent(r.legitFlagged, 'up') : null,
      scams: r.scam,
      genuine: r.legit,
    }));
}

export const EVALUATION = {
  rows: evaluationRows(engineTable.rows),
  average: percent(headline.accuracy, 'down'),
  datasets: engineTable.rows.filter((r) => r.source !== 'synthetic').length,
  measuredOn: generatedAt.slice(0, 10),
  engine: `${engineVersion}+${modelVersion}`,
};
