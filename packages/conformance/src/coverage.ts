// Coverage of a run: which operations reached a positive answer (a positive case the server accepted), and for each
// one that did not, why (not exercised and the reason, or the statuses its positive cases were answered with).
import type { Coverage, OperationResult } from './types.ts';

export function coverageOf(operations: readonly OperationResult[]): Coverage {
  const reached = operations.filter((o) => o.exercised.accepted > 0).length;
  return {
    operations: operations.length,
    reached,
    percent: operations.length === 0 ? 100 : Math.floor((reached / operations.length) * 1000) / 10,
    unreached: operations
      .filter((o) => o.exercised.accepted === 0)
      .map((o) => ({ operationId: o.operationId, reason: unreachedReason(o) })),
  };
}

/** Why an operation reached no positive answer, in one line. */
export function unreachedReason(o: OperationResult): string {
  const reasons = [...new Set(o.skipped.map((s) => s.replace(/^not exercised positively: /, '')))];
  if (o.exercised.positive === 0)
    return `no positive case sent${reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}`;
  const answers = Object.entries(o.answers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status} ×${String(n)}`)
    .join(', ');
  return `${String(o.exercised.positive)} positive cases, none accepted (answered ${answers || 'nothing'})${
    reasons.length > 0 ? `; ${reasons.join('; ')}` : ''
  }`;
}
