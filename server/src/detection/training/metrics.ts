/** Binary classification metrics shared by the training report and `npm run eval`. */

export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export interface Metrics {
  n: number;
  accuracy: number;
  precision: number;
  recall: number;
  f1: number;
  fpr: number;
  auc: number | null;
  confusion: Confusion;
}

const r4 = (x: number): number => Math.round(x * 10000) / 10000;

/** ROC AUC by the rank statistic (ties count half). Null when one class is absent. */
export function rocAuc(scores: readonly number[], labels: readonly boolean[]): number | null {
  const idx = scores.map((s, i) => ({ s, y: labels[i] ?? false })).sort((a, b) => a.s - b.s);
  let pos = 0;
  let neg = 0;
  for (const e of idx)
    if (e.y) pos++;
    else neg++;
  if (!pos || !neg) return null;
  let rankSum = 0;
  let i = 0;
  while (i < idx.length) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1]?.s === idx[i]?.s) j++;
    const avgRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (idx[k]?.y) rankSum += avgRank;
    i = j + 1;
  }
  return r4((rankSum - (pos * (pos + 1)) / 2) / (pos * neg));
}

export function metrics(scores: readonly number[], labels: readonly boolean[], threshold: number): Metrics {
  const c: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  scores.forEach((s, i) => {
    const pred = s >= threshold;
    const y = labels[i] ?? false;
    if (pred && y) c.tp++;
    else if (pred && !y) c.fp++;
    else if (!pred && y) c.fn++;
    else c.tn++;
  });
  const n = scores.length;
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  return {
    n,
    accuracy: r4(n ? (c.tp + c.tn) / n : 0),
    precision: r4(precision),
    recall: r4(recall),
    f1: r4(precision + recall ? (2 * precision * recall) / (precision + recall) : 0),
    fpr: r4(c.fp + c.tn ? c.fp / (c.fp + c.tn) : 0),
    auc: rocAuc(scores, labels),
    confusion: c,
  };
}

/** Recall at the best threshold whose false-positive rate stays at or under `maxFpr`. */
export function recallAtFpr(
  scores: readonly number[],
  labels: readonly boolean[],
  maxFpr: number,
): { recall: number; threshold: number } {
  const neg = scores.filter((_, i) => !labels[i]).sort((a, b) => b - a);
  const allowed = Math.floor(neg.length * maxFpr);
  const threshold = (neg[allowed] ?? -Infinity) + 1e-9;
  const pos = scores.filter((_, i) => labels[i]);
  return { recall: r4(pos.length ? pos.filter((s) => s >= threshold).length / pos.length : 0), threshold };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

export function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = m.get(k);
    if (list) list.push(it);
    else m.set(k, [it]);
  }
  return m;
}
