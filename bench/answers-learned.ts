// Experiment (ADR 0013): can a small learned model rank the candidate sentences, or decide when to abstain, better
// than the offline answerer's hand-tuned score and confidence (apps/server/src/chat/answer.ts)? Trained and measured
// on the TUNING half of FaQuAD only, by 5-fold cross-validation (the held-out half is never read here). Writes
// bench/results/answers-learned.json.
//
//   npm run eval:answers:learned
//
// 1. Ranking: for each answerable question, the hand ranking's best units (answer.ts RERANK) with their
//    RANK_FEATURES; a unit is right when the excerpt it gives holds a gold answer and it comes from the gold
//    paragraph. Measured: how often the first unit is right. Models: pairwise logistic regression (right vs. wrong
//    unit of one question), and listwise (softmax over a question's units) started from the hand score and held to
//    it by an L2 term of several strengths (strong: the hand ranking; weak: free).
// 2. Abstention: the hand ranking's best unit and the part's PART_FEATURES; right answers (1) against unanswerable
//    questions (0) — a wrong answer to an answerable question misses either way, so it teaches nothing about when to
//    abstain. Models: logistic regression and a tiny gradient-boosted stump model. Measured: AUC, and the share of
//    answerable questions answered right at the threshold that abstains on 90 / 92.5 / 95% of unanswerable ones.
// Deterministic: full-batch gradient descent from fixed starting weights, folds by position (no random numbers).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { explainQuestion, PART_FEATURES, RANK_FEATURES } from '../apps/server/src/chat/answer';
import type { RetrievedPassage } from '../apps/server/src/knowledge/retrieval';
import { norm, ROOT, setupEval } from './lib/answers-eval';

const RESULT_FILE = path.join(ROOT, 'bench/results/answers-learned.json');
/** The offline responder's retrieval depth (offline.ts candidates). */
const CANDIDATES = 16;
const FOLDS = 5;
/** L2 strength of the pointwise and pairwise models (on standardised features). */
const L2 = 0.01;
/** Strengths of the pull toward the hand ranking tried for the listwise ranker. */
const ANCHORS = [0.1, 1, 10, 30];
/** The hand score's weight the listwise ranker starts from (a softmax temperature; standardised units). */
const TEMPERATURE = 10;
/** The hand-tuned threshold (answer.ts MIN_CONFIDENCE). */
const HAND_THRESHOLD = 0.65;

interface LinearModel {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}
type Candidate = { features: number[]; right: boolean; rank: number };

async function main() {
  const { database, runtime, faquadAgent, faquadCases } = await setupEval();
  const tuning = faquadCases.filter((c) => c.set === 'faquad:tuning');
  const questions: Array<{ question: string; answers: string[]; gold?: string; passages: RetrievedPassage[] }> = [];
  for (const c of tuning) questions.push({ ...c, passages: await runtime.retriever.search(faquadAgent.id, c.question, CANDIDATES) });
  await database.close();
  const holds = (answers: string[], excerpt: string) => answers.some((a) => norm(excerpt).includes(norm(a)));

  // 1. Ranking.
  const ranking = questions
    .filter((q) => q.answers.length)
    .map((q) => {
      const [part] = explainQuestion(q.question, q.passages);
      const candidates: Candidate[] = (part?.candidates ?? []).map((c) => ({
        features: c.features,
        right: holds(q.answers, c.excerpt) && norm(q.gold ?? '').includes(norm(c.text)),
        rank: c.rank,
      }));
      return candidates;
    });
  const crossValidated = (train: (qs: Candidate[][]) => LinearModel) => {
    let right = 0;
    for (let f = 0; f < FOLDS; f++) {
      const model = train(ranking.filter((_, i) => i % FOLDS !== f));
      right += ranking.filter((cs, i) => i % FOLDS === f && pick(model, cs)?.right).length;
    }
    return right / ranking.length;
  };
  const rankingReport = {
    questions: ranking.length,
    rightAmongCandidates: share(ranking, (cs) => cs.some((c) => c.right)),
    hand: {
      firstRight: share(ranking, (cs) => Boolean(cs[0]?.right)),
      firstOrBestOfAnotherPassageRight: share(ranking, (cs) => Boolean(cs[0]?.right || cs.find((c) => c.rank !== cs[0]!.rank)?.right)),
      firstOrSecondRight: share(ranking, (cs) => Boolean(cs[0]?.right || cs[1]?.right)),
    },
    learnedFirstRightCrossValidated: {
      pairwise: crossValidated((qs) => fit(pairsOf(qs), { bias: false })),
      ...Object.fromEntries(ANCHORS.map((anchor) => [`listwise, held to the hand score by L2 ${anchor}`, crossValidated((qs) => fitLists(qs, anchor))])),
    },
  };

  // 2. Abstention.
  const rows = questions.map((q) => {
    const [part] = explainQuestion(q.question, q.passages);
    const chosen = part?.candidates[0];
    return {
      answerable: q.answers.length > 0,
      right: Boolean(q.answers.length && chosen && holds(q.answers, chosen.excerpt)),
      features: part?.features ?? null,
    };
  });
  const usable = rows.filter((r) => r.features && (r.right || !r.answerable));
  const samples = (rs: typeof usable) => rs.map((r) => ({ x: r.features!, y: r.right ? 1 : 0, weight: 1 }));
  const logisticCv = new Map<(typeof rows)[number], number>();
  const stumpsCv = new Map<(typeof rows)[number], number>();
  for (let f = 0; f < FOLDS; f++) {
    const train = samples(usable.filter((_, i) => i % FOLDS !== f));
    const lr = fit(train, { bias: true });
    const stumps = boostStumps(train);
    for (const r of usable.filter((_, i) => i % FOLDS === f)) {
      logisticCv.set(r, apply(lr, r.features!));
      stumpsCv.set(r, stumps(r.features!));
    }
  }
  const signals: Record<string, (r: (typeof rows)[number]) => number> = {
    'hand confidence': (r) => r.features?.[0] ?? 0,
    'logistic regression': (r) => logisticCv.get(r) ?? -Infinity,
    'boosted stumps': (r) => stumpsCv.get(r) ?? -Infinity,
  };
  const answerable = rows.filter((r) => r.answerable);
  const unanswerable = rows.filter((r) => !r.answerable);
  const rightAt = (value: (r: (typeof rows)[number]) => number, target: number) => {
    for (const t of [...new Set(rows.map(value))].sort((a, b) => a - b)) {
      if (unanswerable.filter((r) => value(r) < t).length / unanswerable.length >= target) return answerable.filter((r) => r.right && value(r) >= t).length / answerable.length;
    }
    return 0;
  };
  const abstentionReport = {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    handThreshold: {
      threshold: HAND_THRESHOLD,
      right: answerable.filter((r) => r.right && (r.features?.[0] ?? 0) >= HAND_THRESHOLD).length / answerable.length,
      abstention: unanswerable.filter((r) => (r.features?.[0] ?? 0) < HAND_THRESHOLD).length / unanswerable.length,
    },
    ...Object.fromEntries(
      Object.entries(signals).map(([name, value]) => [
        name,
        {
          aucRightVsUnanswerable: auc(rows.filter((r) => r.right).map(value), unanswerable.map(value)),
          rightAtAbstention: Object.fromEntries([0.9, 0.925, 0.95].map((t) => [t, rightAt(value, t)])),
        },
      ]),
    ),
    logisticWeightsOnAllTuning: weights(PART_FEATURES, fit(samples(usable), { bias: true })),
  };

  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end`,
    data: 'FaQuAD, tuning half only (bench/lib/answers-eval.ts); figures of learned models are 5-fold cross-validated',
    features: { ranking: RANK_FEATURES, abstention: PART_FEATURES },
    ranking: rankingReport,
    abstention: abstentionReport,
  };
  mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  writeFileSync(RESULT_FILE, `${JSON.stringify(report, (_, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(3)) : v), 2)}\n`);
  console.log(JSON.stringify({ ranking: rankingReport, abstention: { ...abstentionReport, logisticWeightsOnAllTuning: undefined } }, (_, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(3)) : v), 2));
}

const share = <T>(xs: T[], test: (x: T) => boolean) => xs.filter(test).length / xs.length;
const logistic = (z: number) => 1 / (1 + Math.exp(-z));

function apply(model: LinearModel, x: number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += (model.weights[i]! * (x[i]! - model.mean[i]!)) / model.scale[i]!;
  return z;
}

function pick(model: LinearModel, cs: Candidate[]): Candidate | undefined {
  let best: Candidate | undefined;
  let bestScore = -Infinity;
  for (const c of cs) {
    const s = apply(model, c.features);
    if (s > bestScore) [best, bestScore] = [c, s];
  }
  return best;
}

/** Pairs of one question's right and wrong units (feature differences), each question weighing 1 in all. */
function pairsOf(qs: Candidate[][]) {
  return qs.flatMap((cs) => {
    const right = cs.filter((c) => c.right);
    const wrong = cs.filter((c) => !c.right);
    const weight = 1 / Math.max(1, right.length * wrong.length);
    return right.flatMap((r) => wrong.map((w) => ({ x: r.features.map((v, i) => v - w.features[i]!), y: 1, weight })));
  });
}

function standardise(xs: number[][], weightsOf: (i: number) => number, centre: boolean) {
  const n = xs[0]!.length;
  const total = xs.reduce((s, _, k) => s + weightsOf(k), 0);
  const mean = Array<number>(n).fill(0);
  const scale = Array<number>(n).fill(1);
  for (let i = 0; i < n; i++) {
    const m = xs.reduce((s, x, k) => s + weightsOf(k) * x[i]!, 0) / total;
    const sd = Math.sqrt(xs.reduce((s, x, k) => s + weightsOf(k) * (x[i]! - m) ** 2, 0) / total);
    if (centre) mean[i] = m;
    scale[i] = sd > 1e-9 ? sd : 1;
  }
  return { mean, scale };
}

/**
 * Logistic regression by full-batch gradient descent on standardised features, L2 on the weights (not the bias).
 * Pairwise samples (differences) are fit without a bias and without centring (a difference's sign matters).
 */
function fit(samples: Array<{ x: number[]; y: number; weight: number }>, { bias }: { bias: boolean }): LinearModel {
  const n = samples[0]!.x.length;
  const totalWeight = samples.reduce((s, p) => s + p.weight, 0);
  const { mean, scale } = standardise(
    samples.map((p) => p.x),
    (k) => samples[k]!.weight,
    bias,
  );
  const xs = samples.map((p) => p.x.map((v, i) => (v - mean[i]!) / scale[i]!));
  const w = Array<number>(n).fill(0);
  let b = 0;
  for (let step = 0; step < 3000; step++) {
    const gw = w.map((v) => L2 * v);
    let gb = 0;
    samples.forEach((p, k) => {
      const x = xs[k]!;
      let z = b;
      for (let i = 0; i < n; i++) z += w[i]! * x[i]!;
      const e = (p.weight * (logistic(z) - p.y)) / totalWeight;
      for (let i = 0; i < n; i++) gw[i]! += e * x[i]!;
      gb += e;
    });
    for (let i = 0; i < n; i++) w[i]! -= 0.5 * gw[i]!;
    if (bias) b -= 0.5 * gb;
  }
  return { mean, scale, weights: w, bias: b };
}

/**
 * Listwise ranking: a softmax over each question's units, the loss minus the log of the probability of its right
 * units. Starts from the hand score alone (RANK_FEATURES[0], weight TEMPERATURE in standardised units) and is pulled
 * back to it by `anchor` × the squared distance: the model learns corrections to the hand ranking. Questions without
 * a right unit or without a wrong one teach nothing and are left out.
 */
function fitLists(questions: Candidate[][], anchor: number): LinearModel {
  const lists = questions.filter((cs) => cs.some((c) => c.right) && cs.some((c) => !c.right));
  const all = lists.flat().map((c) => c.features);
  const n = all[0]!.length;
  const { mean, scale } = standardise(all, () => 1, true);
  const data = lists.map((cs) => cs.map((c) => ({ x: c.features.map((v, i) => (v - mean[i]!) / scale[i]!), right: c.right })));
  const prior = Array<number>(n).fill(0);
  prior[0] = TEMPERATURE;
  const w = [...prior];
  for (let step = 0; step < 3000; step++) {
    const g = w.map((v, i) => anchor * (v - prior[i]!));
    for (const list of data) {
      const z = list.map((c) => c.x.reduce((s, v, i) => s + v * w[i]!, 0));
      const max = Math.max(...z);
      const e = z.map((v) => Math.exp(v - max));
      const sum = e.reduce((s, v) => s + v, 0);
      const rightSum = e.reduce((s, v, k) => s + (list[k]!.right ? v : 0), 0);
      list.forEach((c, k) => {
        const d = (e[k]! / sum - (c.right ? e[k]! / rightSum : 0)) / data.length;
        for (let i = 0; i < n; i++) g[i]! += d * c.x[i]!;
      });
    }
    for (let i = 0; i < n; i++) w[i]! -= (0.5 / (1 + anchor)) * g[i]!;
  }
  return { mean, scale, weights: w, bias: 0 };
}

/** Gradient boosting of depth-1 trees (stumps) on the logistic loss: 100 rounds, shrinkage 0.1, leaves of 8+ samples. */
function boostStumps(samples: Array<{ x: number[]; y: number }>): (x: number[]) => number {
  const n = samples[0]!.x.length;
  const p0 = samples.reduce((s, p) => s + p.y, 0) / samples.length;
  const base = Math.log(p0 / (1 - p0));
  const f = samples.map(() => base);
  const stumps: Array<{ feature: number; split: number; left: number; right: number }> = [];
  const leaf = (idx: number[], g: number[], h: number[]) => idx.reduce((s, i) => s + g[i]!, 0) / (idx.reduce((s, i) => s + h[i]!, 0) + 1);
  for (let round = 0; round < 100; round++) {
    const prob = f.map(logistic);
    const g = samples.map((p, i) => p.y - prob[i]!);
    const h = prob.map((q) => q * (1 - q));
    const gt = g.reduce((s, v) => s + v, 0);
    const ht = h.reduce((s, v) => s + v, 0);
    let best: { gain: number; feature: number; split: number; left: number[]; right: number[] } | null = null;
    for (let j = 0; j < n; j++) {
      const order = samples.map((_, i) => i).sort((a, b) => samples[a]!.x[j]! - samples[b]!.x[j]!);
      let gl = 0;
      let hl = 0;
      for (let k = 0; k < order.length - 1; k++) {
        gl += g[order[k]!]!;
        hl += h[order[k]!]!;
        const here = samples[order[k]!]!.x[j]!;
        const next = samples[order[k + 1]!]!.x[j]!;
        if (here === next || k + 1 < 8 || order.length - k - 1 < 8) continue;
        const gain = (gl * gl) / (hl + 1) + ((gt - gl) * (gt - gl)) / (ht - hl + 1) - (gt * gt) / (ht + 1);
        if (!best || gain > best.gain) best = { gain, feature: j, split: (here + next) / 2, left: order.slice(0, k + 1), right: order.slice(k + 1) };
      }
    }
    if (!best) break;
    const stump = { feature: best.feature, split: best.split, left: 0.1 * leaf(best.left, g, h), right: 0.1 * leaf(best.right, g, h) };
    stumps.push(stump);
    samples.forEach((p, i) => (f[i]! += p.x[stump.feature]! <= stump.split ? stump.left : stump.right));
  }
  return (x) => stumps.reduce((z, s) => z + (x[s.feature]! <= s.split ? s.left : s.right), base);
}

function auc(positives: number[], negatives: number[]): number {
  let wins = 0;
  for (const p of positives) for (const q of negatives) wins += p > q ? 1 : p === q ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/** Weights per feature in the features' own units (per unit of the feature, not per standard deviation). */
function weights(names: readonly string[], model: LinearModel): Record<string, number> {
  return Object.fromEntries(names.map((name, i) => [name, model.weights[i]! / model.scale[i]!]));
}

await main();
