import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@/test/axe';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { CollectorDownloadFlow } from './CollectorDownloadFlow';

const envelope = (Data: unknown) => ({
  StatusCode: 200,
  ResourceKey: null,
  ErrorState: null,
  Message: null,
  Data,
});
const TEMPLATES = [
  { CollectorTemplateId: 4, Name: 'Windows collector (x64)', Platform: 'windows' },
  { CollectorTemplateId: 5, Name: 'Linux collector (x64)', Platform: 'linux' },
  { CollectorTemplateId: 7, Name: 'VMware vCenter collector', Platform: 'vmware' },
];
const VSPHERE_CONTENTS =
  'The package holds the vSphere collector for Linux (x64 and Arm64), Windows (x64) and macOS (Apple silicon) in its bin folder, with their SHA-256 checksums in bin/SHA256SUMS. Run it on any computer that reaches your vCenter, with a read-only account.';
const message = (title: string) => ({ title, message: `${title}.`, actions: ['OK'] });

/** The readiness answers: not ready on the first poll, ready from the second. */
function readiness(collectorId: number) {
  let polls = 0;
  return {
    get answer() {
      polls += 1;
      return envelope({ CollectorId: collectorId, IsReady: polls > 1 });
    },
    get polls() {
      return polls;
    },
  };
}

describe('CollectorDownloadFlow (addcollector / DownloadLink)', () => {
  it('keyboard: choose, prepare, progress while polling, then the download link of getCollector', async () => {
    const ready = readiness(9921);
    const { calls } = fakeApi({
      'GET /api/collectors/templates': TEMPLATES,
      'POST /collector/insert': envelope({ Id: 9921 }),
      get 'GET /collector/iscollectorready'() {
        return ready.answer;
      },
      'GET /collector/getcollector': envelope({
        CollectorId: 9921,
        CollectorTemplateId: 5,
        IsReady: true,
        FileName: 'collector-linux-9921.zip',
        DownloadUrl: '/downloads/collectors/9921/collector-linux-9921.zip',
      }),
    });
    const { container } = renderWithProviders(<CollectorDownloadFlow pollMs={30} />);
    const select = screen.getByRole('combobox', { name: 'Collector' });
    await screen.findByRole('option', { name: 'Linux collector (x64)' });
    await expectNoAxeViolations(container);

    await userEvent.tab();
    expect(select).toHaveFocus();
    await userEvent.selectOptions(select, 'Linux collector (x64)');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Prepare collector' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByRole('progressbar', { name: 'Preparing your collector' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
    const link = await screen.findByRole('link', { name: 'Download collector-linux-9921.zip' });
    expect(link).toHaveAttribute('href', '/downloads/collectors/9921/collector-linux-9921.zip');
    expect(link).toHaveAttribute('download', 'collector-linux-9921.zip');
    expect(ready.polls).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(VSPHERE_CONTENTS)).toBeNull();
    expect(calls).toContain('POST /collector/insert?collectortemplateid=5');
    expect(calls).toContain('GET /collector/getcollector?collectorId=9921');
    await expectNoAxeViolations(container);
  });

  it('the VMware package says what it holds: the vSphere collector per platform and their checksums', async () => {
    fakeApi({
      'GET /api/collectors/templates': TEMPLATES,
      'POST /collector/insert': envelope({ Id: 9922 }),
      'GET /collector/iscollectorready': envelope({ CollectorId: 9922, IsReady: true }),
      'GET /collector/getcollector': envelope({
        CollectorId: 9922,
        CollectorTemplateId: 7,
        IsReady: true,
        FileName: 'collector-vmware-9922.zip',
        DownloadUrl: '/downloads/collectors/9922/collector-vmware-9922.zip',
      }),
    });
    const { container } = renderWithProviders(<CollectorDownloadFlow pollMs={30} />);
    await screen.findByRole('option', { name: 'VMware vCenter collector' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Collector' }),
      'VMware vCenter collector',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Prepare collector' }));
    await screen.findByRole('link', { name: 'Download collector-vmware-9922.zip' });
    expect(screen.getByText(VSPHERE_CONTENTS)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('nothing chosen gives choose_collector (no insert)', async () => {
    const { calls } = fakeApi({
      'GET /api/collectors/templates': TEMPLATES,
      'GET /api/message/choose_collector': message('Choose a collector'),
    });
    renderWithProviders(<CollectorDownloadFlow />);
    await screen.findByRole('option', { name: 'Windows collector (x64)' });
    await userEvent.click(screen.getByRole('button', { name: 'Prepare collector' }));
    expect(await screen.findByRole('alertdialog', { name: 'Choose a collector' })).toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('a failed insert shows collectorDownloadError and keeps the choice for another try', async () => {
    const { calls } = fakeApi({
      'GET /api/collectors/templates': TEMPLATES,
      'POST /collector/insert': new Response('{}', { status: 500 }),
      'GET /api/message/collectorDownloadError': message('Download failed'),
    });
    renderWithProviders(<CollectorDownloadFlow />);
    await screen.findByRole('option', { name: 'Windows collector (x64)' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Collector' }),
      'Windows collector (x64)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Prepare collector' }));
    const failed = await screen.findByRole('alertdialog', { name: 'Download failed' });
    expect(calls).toContain('GET /api/message/collectorDownloadError');
    await userEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    expect(screen.getByText(/The collector could not be prepared/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Collector' })).toHaveValue('4');
  });

  it('a capture link uses the DpackCapture calls with its token', async () => {
    const ready = readiness(77);
    const { calls } = fakeApi({
      'GET /api/collectors/templates': TEMPLATES,
      'POST /collector/InsertFromDpackCapture': envelope({ Id: 77 }),
      get 'GET /collector/iscollectorreadyDpackCapture'() {
        return ready.answer;
      },
      'GET /collector/getcollectorDpackCapture': envelope({
        CollectorId: 77,
        CollectorTemplateId: 4,
        IsReady: true,
        FileName: 'collector-windows-77.zip',
        DownloadUrl: '/downloads/collectors/77/collector-windows-77.zip?captureRequestToken=tok-12345678',
      }),
    });
    renderWithProviders(<CollectorDownloadFlow captureRequestToken="tok-12345678" pollMs={30} />);
    await screen.findByRole('option', { name: 'Windows collector (x64)' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Collector' }),
      'Windows collector (x64)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Prepare collector' }));
    const link = await screen.findByRole('link', { name: 'Download collector-windows-77.zip' });
    expect(link.getAttribute('href')).toContain('captureRequestToken=tok-12345678');
    await waitFor(() => {
      expect(calls).toContain(
        'GET /collector/getcollectorDpackCapture?collectorId=77&captureRequestToken=tok-12345678',
      );
    });
    expect(calls).toContain('POST /collector/InsertFromDpackCapture');
    expect(calls).toContain(
      'GET /collector/iscollectorreadyDpackCapture?collectorId=77&captureRequestToken=tok-12345678',
    );
    expect(calls.some((call) => call.includes('/collector/insert?'))).toBe(false);
  });
});
