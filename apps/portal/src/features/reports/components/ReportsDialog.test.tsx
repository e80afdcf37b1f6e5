import {
  configureSdk,
  EnvelopeError,
  resetSdkConfig,
  type ReportStatus,
  type ServersAndSharedClusterDisks,
} from '@assessment/sdk';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { onErrorReported } from '@/lib/errors/error-bus';
import { i18n } from '@/lib/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { API } from '@/test/render';
import { REPORTS_ACCORDION_STORAGE_KEY } from '../report-rules';
import { ReportsDialog } from './ReportsDialog';

const PROJECT = 1402;
const REPORT_ID = '7f3c2a90-55e1-4c1e-9d7a-0b2f4ad1e6c3';
const BASE = `/api/opticalprime/${String(PROJECT)}/reports`;

const lists: ServersAndSharedClusterDisks = {
  ServerList: Array.from({ length: 25 }, (_, i) => ({
    ServerId: String(i + 1),
    ServerName: `SRV${String(i + 1).padStart(2, '0')}`,
    ServerRole: i % 2 === 0 ? 'Database' : null,
    // SRV03 has no disks at all: the legacy list answers IOPS 0 for it, which is no reading.
    IOPS: i === 2 ? 0 : (i + 1) * 100,
    Capacity: i === 2 ? 0 : 1000 - i,
    LocalDiskCount: i === 2 ? 0 : 2,
    ClusterDiskIds: i === 2 ? [] : ['7'],
  })),
  ClusterDiskList: [{ ClusterDiskId: '7', Name: 'CSV-Volume1', IOPS: 12040, Capacity: 8192 }],
};

const status = (Status: ReportStatus['Status'], extra: Partial<ReportStatus> = {}): ReportStatus => ({
  ReportId: REPORT_ID,
  ProjectId: PROJECT,
  Status,
  DownloadUrl: Status === 'Completed' ? `${BASE}/download/${REPORT_ID}` : null,
  ErrorKey: null,
  RequestedAt: '2026-11-21T10:15:00Z',
  ...extra,
});

const sse = (s: ReportStatus) => `event: report-status\nid: ${REPORT_ID}\ndata: ${JSON.stringify(s)}\n\n`;

/** An SSE body the test feeds event by event. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    push: (s: ReportStatus) => {
      controller.enqueue(encoder.encode(sse(s)));
    },
    close: () => {
      controller.close();
    },
  };
}

type Handler = (request: Request) => Response | Promise<Response>;

function setUp(routes: Record<string, Handler>, pollMs = 5) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(key);
    if (request.method === 'POST') bodies.push(await request.clone().json());
    const handler = routes[key];
    return handler ? handler(request) : new Response('not found', { status: 404 });
  });
  configureSdk({ baseUrl: API, fetch: fetchMock });
  const errors: unknown[] = [];
  const unsubscribe = onErrorReported((error) => errors.push(error));
  const onClose = vi.fn();
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ReportsDialog projectId={PROJECT} projectName="Contoso DC" onClose={onClose} pollMs={pollMs} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { calls, bodies, errors, unsubscribe, onClose, user, view };
}

const listsRoute = { [`GET ${BASE}/serversAndSharedClusterDisks`]: () => Response.json(lists) };
const created = () =>
  Response.json(status('Queued'), { status: 201, headers: { Location: `${BASE}/${REPORT_ID}` } });
const zip = () =>
  new Response(new Blob([new Uint8Array([0x50, 0x4b, 3, 4])]), {
    headers: { 'Content-Type': 'application/zip' },
  });

let clicked: string[] = [];

beforeEach(() => {
  window.localStorage.clear();
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});

afterEach(() => {
  resetSdkConfig();
  vi.restoreAllMocks();
});

const dialog = () => screen.getByRole('dialog', { name: 'Reports' });
const downloadButton = () => within(dialog()).getByRole('button', { name: 'Download' });

describe('ReportsDialog (ReportsModal)', () => {
  it('download stays disabled until a report option is chosen; sections open by keyboard and are remembered', async () => {
    const { user, view, unsubscribe } = setUp(listsRoute);
    await screen.findByRole('dialog', { name: 'Reports' });
    expect(downloadButton()).toBeDisabled();
    expect(screen.getByText('Choose at least one report to download.')).toBeVisible();
    await expectNoAxeViolations(document.body);
    // Keyboard: focus the AIR section's header, open it, tick the AIR Excel workbook.
    const air = screen.getByRole('button', { name: 'AIR' });
    act(() => {
      air.focus();
    });
    await user.keyboard('{Enter}');
    expect(air).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'AIR Excel workbook' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'AIR Excel workbook' })).toBeChecked();
    expect(downloadButton()).toBeEnabled();
    await user.keyboard(' ');
    expect(downloadButton()).toBeDisabled();
    // The open sections are kept under the accordion key and come back on the next opening.
    await user.click(screen.getByRole('button', { name: 'VMware' }));
    expect(JSON.parse(window.localStorage.getItem(REPORTS_ACCORDION_STORAGE_KEY) ?? '[]')).toEqual([
      'air',
      'vmware',
    ]);
    await expectNoAxeViolations(document.body);
    view.unmount();
    unsubscribe();
    setUp(listsRoute);
    await screen.findByRole('dialog', { name: 'Reports' });
    expect(screen.getByRole('button', { name: 'AIR' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'VMware' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'false');
  }, 30_000);

  it('performance: sortable 814 px grid, 380 px high above 10 rows, at most 20 servers, the local disk warning', async () => {
    const { user, unsubscribe } = setUp(listsRoute);
    await user.click(await screen.findByRole('button', { name: 'Performance' }));
    await user.click(screen.getByRole('checkbox', { name: 'Performance PowerPoint' }));
    expect(downloadButton()).toBeEnabled();
    const grid = await screen.findByRole('table', { name: 'Servers' });
    const root = grid.closest('[data-variant]') as HTMLElement;
    expect(root).toHaveAttribute('data-variant', 'report-server-picker');
    expect(root.style.width).toBe('814px');
    expect(root).toHaveAttribute('data-scrolling-area');
    expect((root.querySelector('.ui-table__scroll') as HTMLElement).style.height).toBe('380px');
    // Sortable: IOPS descending puts SRV25 first.
    const iops = within(grid).getByRole('button', { name: /IOPS/ });
    await user.click(iops);
    await user.click(iops);
    const firstRow = within(grid).getAllByRole('row')[1]!;
    expect(firstRow).toHaveTextContent('SRV25');
    // A server without disks reads "no data" for its IOPS, never 0; one with disks shows its figure.
    const iopsCell = (name: string) =>
      within(within(grid).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[3];
    expect(iopsCell('SRV03')).toHaveTextContent(/^no data$/);
    expect(iopsCell('SRV04')).toHaveTextContent(/^400$/);
    // No reading sorts last in descending order too (not as the top figure).
    expect(within(grid).getAllByRole('row').at(-1)).toHaveTextContent('SRV03');
    // Selecting all 25 is refused; 20 one by one are accepted, the 21st is refused.
    await user.click(within(grid).getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(await screen.findByText('At most 20 servers can be selected.')).toBeVisible();
    expect(screen.getByText('0 of 20 servers selected')).toBeVisible();
    for (let i = 1; i <= 20; i++) {
      await user.click(
        within(grid).getByRole('checkbox', { name: `Select SRV${String(i).padStart(2, '0')}` }),
      );
    }
    expect(screen.getByText('20 of 20 servers selected')).toBeVisible();
    expect(screen.queryByText('At most 20 servers can be selected.')).toBeNull();
    const srv21 = within(grid).getByRole('checkbox', { name: 'Select SRV21' });
    await user.click(srv21);
    expect(srv21).not.toBeChecked();
    expect(screen.getByRole('alert')).toHaveTextContent('At most 20 servers can be selected.');
    // Local disks: 24 × 4 = 96 is fine, 25 × 4 = 100 warns.
    await user.click(screen.getByRole('checkbox', { name: 'Detailed analysis of local disks' }));
    const count = screen.getByRole('textbox', { name: /Number of local disks/ });
    await user.clear(count);
    await user.type(count, '24');
    expect(screen.queryByText(/100 slides or more/)).toBeNull();
    await user.clear(count);
    await user.type(count, '25');
    expect(await screen.findByText(/100 slides or more/)).toBeVisible();
    // Shared cluster disks: their grid shows once automatic choice is off.
    expect(screen.queryByRole('table', { name: 'Shared cluster disks' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Choose shared cluster disks automatically' }));
    const disks = screen.getByRole('table', { name: 'Shared cluster disks' });
    expect(disks).toBeVisible();
    // One row (not above 10): 814 px wide, no fixed height.
    const disksRoot = disks.closest('[data-variant]') as HTMLElement;
    expect(disksRoot.style.width).toBe('814px');
    expect(disksRoot).not.toHaveAttribute('data-scrolling-area');
    await expectNoAxeViolations(document.body);
    unsubscribe();
  }, 60_000);

  it('requests 201 + Location, shows the pushed progress, downloads the zip on completion', async () => {
    const events = eventStream();
    const { user, calls, bodies, errors, unsubscribe } = setUp({
      ...listsRoute,
      [`POST ${BASE}`]: created,
      [`GET ${BASE}/events/${REPORT_ID}`]: () => events.response(),
      [`GET ${BASE}/download/${REPORT_ID}`]: zip,
    });
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    await user.click(screen.getByRole('checkbox', { name: 'Details Excel workbook' }));
    await user.click(downloadButton());
    expect(await screen.findByRole('progressbar', { name: 'Report queued…' })).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'Working…' })).toBeDisabled();
    events.push(status('InProgress'));
    expect(await screen.findByRole('progressbar', { name: 'Building the reports…' })).toBeVisible();
    await expectNoAxeViolations(document.body);
    events.push(status('Completed'));
    events.close();
    expect(await screen.findByText('The reports were downloaded.')).toBeVisible();
    expect(clicked).toEqual(['Contoso_DC_reports.zip']);
    expect(calls).toContain(`GET ${BASE}/download/${REPORT_ID}`);
    expect(calls.filter((c) => c.startsWith(`GET ${BASE}/${REPORT_ID}`))).toEqual([]);
    expect(bodies).toEqual([
      {
        includeAirPowerPoint: false,
        includeAirExcel: false,
        includeDetailsExcel: true,
        includeVMwareExcel: false,
        region: 'NA',
        currencyCode: 'USD',
        performancePowerPointConfig: null,
      },
    ]);
    expect(errors).toEqual([]);
    unsubscribe();
  }, 30_000);

  it('polls the status when the pushed events fail, then downloads', async () => {
    let polls = 0;
    const { user, calls, errors, unsubscribe } = setUp({
      ...listsRoute,
      [`POST ${BASE}`]: created,
      [`GET ${BASE}/events/${REPORT_ID}`]: () => new Response('', { status: 500 }),
      [`GET ${BASE}/${REPORT_ID}`]: () => {
        polls += 1;
        return Response.json(status(polls < 3 ? 'InProgress' : 'Completed'));
      },
      [`GET ${BASE}/download/${REPORT_ID}`]: zip,
    });
    await user.click(await screen.findByRole('button', { name: 'VMware' }));
    await user.click(screen.getByRole('checkbox', { name: 'VMware Excel workbook' }));
    await user.click(downloadButton());
    expect(await screen.findByText('The reports were downloaded.')).toBeVisible();
    expect(polls).toBe(3);
    expect(calls).toContain(`GET ${BASE}/events/${REPORT_ID}`);
    expect(clicked).toHaveLength(1);
    expect(errors).toEqual([]);
    unsubscribe();
  }, 30_000);

  it('a Failed status shows the error modal with its key; the dialog and choices stay', async () => {
    const { user, errors, onClose, unsubscribe } = setUp({
      ...listsRoute,
      [`POST ${BASE}`]: created,
      [`GET ${BASE}/events/${REPORT_ID}`]: () =>
        new Response(sse(status('Failed', { ErrorKey: 'generalError' })), {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'AIR' }));
    await user.click(screen.getByRole('checkbox', { name: 'AIR PowerPoint' }));
    await user.click(downloadButton());
    await waitFor(() => {
      expect(errors).toHaveLength(1);
    });
    const error = errors[0];
    expect(error).toBeInstanceOf(EnvelopeError);
    expect((error as EnvelopeError).messageKey).toBe('generalError');
    expect(clicked).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(downloadButton()).toBeEnabled();
    });
    expect(screen.getByRole('checkbox', { name: 'AIR PowerPoint' })).toBeChecked();
    unsubscribe();
  }, 30_000);

  it('a 4xx answer closes the dialog; a 500 keeps it (both show the error modal)', async () => {
    let answer = 400;
    const { user, errors, onClose, unsubscribe } = setUp({
      ...listsRoute,
      [`POST ${BASE}`]: () =>
        Response.json(
          {
            StatusCode: answer,
            ResourceKey: 'validate_info',
            ErrorState: null,
            Message: null,
            Data: null,
          },
          { status: answer },
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'AIR' }));
    await user.click(screen.getByRole('checkbox', { name: 'AIR Excel workbook' }));
    answer = 500;
    await user.click(downloadButton());
    await waitFor(() => {
      expect(errors).toHaveLength(1);
    });
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(downloadButton()).toBeEnabled();
    });
    answer = 400;
    await user.click(downloadButton());
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(errors).toHaveLength(2);
    unsubscribe();
  }, 30_000);
});
