// Check class "paging": lists the contract pages (a GET with PageSize and PageNumber query parameters answering
// Items and TotalCount) are asked for their first two pages of a small size, without the optional filters. Each
// page holds at most PageSize items; the first is full while more remain and the second holds the rest up to
// PageSize; both report the same TotalCount (`paging`). Then the page after the last one: answered with no items
// and the same TotalCount, not the last page again (`page-beyond-last`: a server that clamps the page number makes
// a client that pages until an empty page loop for ever).
import type { Json, Operation } from '../contract.ts';
import { isAccepted, requestOf } from '../http.ts';
import type { OperationCases, OperationResult, Run, Sent, Session } from '../types.ts';

/** The page size the check asks for: small, so that a few objects already fill more than one page. */
export const PAGE = 2;

function pageParams(op: Operation): { size: string; number: string } | undefined {
  if (op.method !== 'GET') return undefined;
  const size = op.parameters.find((p) => p.in === 'query' && p.name.toLowerCase() === 'pagesize');
  const number = op.parameters.find((p) => p.in === 'query' && p.name.toLowerCase() === 'pagenumber');
  return size && number ? { size: size.name, number: number.name } : undefined;
}

/** The page an answer carries (the body, or the envelope's Data). */
function pageOf(r: Sent): { items: unknown[]; total: number } | undefined {
  const body = r.body as Json | null | undefined;
  for (const candidate of [body, body?.Data as Json | null | undefined])
    if (candidate && Array.isArray(candidate.Items) && typeof candidate.TotalCount === 'number')
      return { items: candidate.Items, total: candidate.TotalCount };
  return undefined;
}

export const pagingCases: OperationCases = async (run: Run, op, session, result, seed) => {
  const names = pageParams(op);
  if (!names) return;
  const sampled = run.sample(op, seed + 700, 'any');
  if (!sampled) return;
  // The whole list: only the required parameters (a generated filter would often leave no page to compare).
  const base = {
    values: Object.fromEntries(
      Object.entries(sampled.values).filter(([key]) =>
        op.parameters.some((p) => `${p.in}:${p.name}` === key && p.required),
      ),
    ),
  };
  const pages: { n: number; r: Sent; url: string }[] = [];
  for (const n of [1, 2]) {
    const { req, r } = await askPage(run, op, session, result, base.values, names, n);
    if (!isAccepted(r)) return;
    pages.push({ n, r, url: req.url });
    const page = pageOf(r);
    const find = run.finder(result, op, session, 'positive', requestOf(req), r);
    if (!page) return;
    if (page.items.length > PAGE)
      find(
        'paging',
        `page ${String(n)} holds ${String(page.items.length)} items, more than PageSize ${String(PAGE)}`,
        r.status,
        {
          expected: `at most ${String(PAGE)} items (PageSize)`,
          got: `${String(page.items.length)} items`,
        },
      );
    const full = Math.max(0, Math.min(PAGE, page.total - (n - 1) * PAGE));
    if (page.items.length < full)
      find(
        'paging',
        `page ${String(n)} holds ${String(page.items.length)} items of TotalCount ${String(page.total)}: ${String(full)} expected`,
        r.status,
        {
          expected: `${String(full)} items on page ${String(n)} of ${String(page.total)}`,
          got: `${String(page.items.length)} items`,
        },
      );
  }
  const [first, second] = pages.map((p) => ({ ...p, page: pageOf(p.r) }));
  if (first?.page) await beyondLast(run, op, session, result, base.values, names, first.page.total);
  if (first?.page && second?.page && first.page.total !== second.page.total)
    run.finder(
      result,
      op,
      session,
      'positive',
      { method: op.method, url: second.url },
      second.r,
    )(
      'paging',
      `TotalCount ${String(first.page.total)} on page 1 but ${String(second.page.total)} on page 2 of the same query`,
      second.r.status,
      {
        expected: `TotalCount ${String(first.page.total)} on every page`,
        got: `${String(second.page.total)} on page 2`,
      },
    );
};

/** Asks page `n` of the query at PageSize PAGE as a positive case: counted and its answer checked against the contract. */
async function askPage(
  run: Run,
  op: Operation,
  session: Session,
  result: OperationResult,
  base: Record<string, unknown>,
  names: { size: string; number: string },
  n: number,
): Promise<{ req: ReturnType<Run['build']>; r: Sent }> {
  const values = { ...base, [`query:${names.size}`]: PAGE, [`query:${names.number}`]: n };
  const req = run.build(op, values, undefined, undefined);
  const r = await run.sendRequest(req, session);
  result.requests++;
  result.exercised.positive++;
  if (isAccepted(r)) result.exercised.accepted++;
  run.checkAnswer(op, session, r, requestOf(req), 'positive', result);
  return { req, r };
}

/** The page after the last one of a query of `total` items: answered, empty, with the same TotalCount. */
async function beyondLast(
  run: Run,
  op: Operation,
  session: Session,
  result: OperationResult,
  base: Record<string, unknown>,
  names: { size: string; number: string },
  total: number,
): Promise<void> {
  const n = Math.max(1, Math.ceil(total / PAGE)) + 1;
  const { req, r } = await askPage(run, op, session, result, base, names, n);
  const page = isAccepted(r) ? pageOf(r) : undefined;
  if (!page) return;
  const find = run.finder(result, op, session, 'positive', requestOf(req), r);
  if (page.items.length > 0 || page.total !== total)
    find(
      'page-beyond-last',
      `page ${String(n)}, past the last of ${String(total)} items at PageSize ${String(PAGE)}, holds ${String(page.items.length)} items (TotalCount ${String(page.total)})`,
      r.status,
      {
        expected: `no items on page ${String(n)}, TotalCount ${String(total)}`,
        got: `${String(page.items.length)} items, TotalCount ${String(page.total)}`,
      },
    );
}
