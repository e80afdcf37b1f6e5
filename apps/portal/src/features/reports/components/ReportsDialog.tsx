import { EnvelopeError, HttpError, type ReportStatus } from '@assessment/sdk';
import { Accordion, AccordionItem } from '@assessment/ui/accordion';
import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { TextField } from '@/components/form';
import { ProgressBar, Spinner } from '@assessment/ui/progress';
import { Select } from '@assessment/ui/select';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { WorkingButton } from '@/components/WorkingButton';
import { cultureLabel, LANGUAGE_CULTURES, resolveCulture, type TextId } from '@/lib/i18n/i18n';
import { reportError } from '@/lib/errors/error-bus';
import { downloadReportQuery } from '../api/download-report';
import { reportServersQuery } from '../api/get-report-servers';
import { useRequestReport } from '../api/request-report';
import { followReport } from '../hooks/follow-report';
import {
  emptyReportDraft,
  EXECUTIVE_SUMMARY_OPTIONS,
  hasReportOption,
  limitServerSelection,
  localDiskCountOf,
  localDiskWarning,
  REPORT_CURRENCIES,
  REPORT_FAILED_KEY,
  REPORT_REGIONS,
  REPORT_SECTIONS,
  REPORTS_ACCORDION_STORAGE_KEY,
  reportFileName,
  reportIdOf,
  reportRequestBody,
  SUMMARY_TABLE_OPTIONS,
  type ReportDraft,
  type ReportSectionId,
} from '../report-rules';
import { ReportServerGrids } from './ReportServerGrids';
import '../reports.css';

const REGION_TEXT = {
  NA: 'reports.region.NA',
  LATAM: 'reports.region.LATAM',
  EMEA: 'reports.region.EMEA',
  APJ: 'reports.region.APJ',
} as const satisfies Record<(typeof REPORT_REGIONS)[number], TextId>;

const SECTION_TEXT = {
  air: 'reports.section.air',
  details: 'reports.section.details',
  vmware: 'reports.section.vmware',
  performance: 'reports.section.performance',
} as const satisfies Record<ReportSectionId, TextId>;

const STATUS_TEXT = {
  Queued: 'reports.status.Queued',
  InProgress: 'reports.status.InProgress',
  Completed: 'reports.status.Completed',
  Failed: 'reports.status.Failed',
} as const satisfies Record<ReportStatus['Status'], TextId>;

const OPTION_TEXT = {
  includePerformanceEnvelope: 'reports.option.includePerformanceEnvelope',
  includeInventorySummary: 'reports.option.includeInventorySummary',
  includeTop5Servers: 'reports.option.includeTop5Servers',
  includeCpuPerformance: 'reports.option.includeCpuPerformance',
  includeStorageCapacity: 'reports.option.includeStorageCapacity',
  includeIOPerformance: 'reports.option.includeIOPerformance',
  includeServersSummary: 'reports.option.includeServersSummary',
  includeLocalDisksSummary: 'reports.option.includeLocalDisksSummary',
  includeSharedClusterDisksSummary: 'reports.option.includeSharedClusterDisksSummary',
} as const satisfies Record<
  (typeof EXECUTIVE_SUMMARY_OPTIONS)[number] | (typeof SUMMARY_TABLE_OPTIONS)[number],
  TextId
>;

export interface ReportsDialogProps {
  projectId: number;
  projectName?: string;
  onClose: () => void;
  /** Status polling interval of the fallback (tests). */
  pollMs?: number;
}

function Check({
  checked,
  onChange,
  children,
  disabled = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.currentTarget.checked);
        }}
      />
      {children}
    </label>
  );
}

/** A count: digits only, typed or pasted. */
function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** Saves a downloaded file under `name` (the browser's download). */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}

/** Read through a call: the signal changes while the code awaits (flow analysis cannot know). */
function isAborted(signal: AbortSignal): boolean {
  return signal.aborted;
}

/** An HTTP 4xx, or an envelope whose StatusCode is 4xx: the dialog closes (spec part 4). */
function isClientError(error: unknown): boolean {
  const status =
    error instanceof HttpError ? error.status : error instanceof EnvelopeError ? error.statusCode : 0;
  return status >= 400 && status < 500;
}

/**
 * The reports dialog (ReportsModal; spec parts 2 to 5 and 9): region, currency and the air / details / vmware /
 * performance sections (open state remembered), the performance PowerPoint's options with the server and shared
 * cluster disk grids (at most 20 servers; a warning once local disk count × 4 reaches 100). Download is enabled once
 * some report is chosen; the request answers 201 + Location, completion is pushed (SSE, polling as fallback) with
 * visible progress, then the zip downloads. A final status other than Completed shows the error modal; a 4xx closes
 * the dialog.
 */
export function ReportsDialog({ projectId, projectName, onClose, pollMs }: ReportsDialogProps) {
  const { _: t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const lists = useQuery(reportServersQuery(projectId));
  const request = useRequestReport();
  const [draft, setDraft] = useState<ReportDraft>(() => emptyReportDraft(resolveCulture(i18n.locale)));
  const [refused, setRefused] = useState(false);
  /** The report being followed and its latest status (null: none running). */
  const [status, setStatus] = useState<ReportStatus | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const following = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      following.current?.abort();
    },
    [],
  );

  const set = <K extends keyof ReportDraft>(key: K) =>
    function update(value: ReportDraft[K]) {
      setDraft((previous) => ({ ...previous, [key]: value }));
    };

  const follow = async (created: ReportStatus, signal: AbortSignal) => {
    const final = await followReport(queryClient, projectId, created.ReportId, signal, setStatus, pollMs);
    if (final === null || signal.aborted) return;
    if (final.Status !== 'Completed') {
      // A non-completed status: the error modal with the report's message key; the choices stay for another try.
      throw new EnvelopeError(500, {
        operation: 'getReportStatus',
        body: { StatusCode: 500, ResourceKey: final.ErrorKey ?? REPORT_FAILED_KEY },
      });
    }
    const blob = await queryClient.query(downloadReportQuery(projectId, final.ReportId));
    if (isAborted(signal)) return;
    saveFile(blob, reportFileName(projectName, projectId));
    setDownloaded(true);
  };

  const submit = () => {
    following.current?.abort();
    setDownloaded(false);
    request.mutate(
      { projectId, body: reportRequestBody(draft) },
      {
        onSuccess: ({ status: created, location }) => {
          const report = { ...created, ReportId: reportIdOf(location, created) };
          const controller = new AbortController();
          following.current = controller;
          setStatus(report);
          follow(report, controller.signal)
            .catch((error: unknown) => {
              if (!controller.signal.aborted) reportError(error);
            })
            .finally(() => {
              if (!controller.signal.aborted) setStatus(null);
            });
        },
        onError: (error) => {
          // The error modal shows through the MutationCache; a 4xx also closes the dialog.
          if (isClientError(error)) onClose();
        },
      },
    );
  };

  const working = request.isPending || status !== null;
  const localDisks = localDiskCountOf(draft);
  const perf = draft.includePerformancePowerPoint;
  const canDownload = hasReportOption(draft);

  const sectionBody: Record<ReportSectionId, ReactNode> = {
    air: (
      <div className="reports-stack">
        <Check checked={draft.includeAirPowerPoint} onChange={set('includeAirPowerPoint')} disabled={working}>
          {t('reports.includeAirPowerPoint')}
        </Check>
        <Check checked={draft.includeAirExcel} onChange={set('includeAirExcel')} disabled={working}>
          {t('reports.includeAirExcel')}
        </Check>
      </div>
    ),
    details: (
      <Check checked={draft.includeDetailsExcel} onChange={set('includeDetailsExcel')} disabled={working}>
        {t('reports.includeDetailsExcel')}
      </Check>
    ),
    vmware: (
      <Check checked={draft.includeVMwareExcel} onChange={set('includeVMwareExcel')} disabled={working}>
        {t('reports.includeVMwareExcel')}
      </Check>
    ),
    performance: (
      <div className="reports-stack">
        <Check
          checked={draft.includePerformancePowerPoint}
          onChange={set('includePerformancePowerPoint')}
          disabled={working}
        >
          {t('reports.includePerformancePowerPoint')}
        </Check>
        {perf && (
          <>
            <Select
              label={t('reports.reportLanguage')}
              options={LANGUAGE_CULTURES.map((culture) => ({
                id: culture,
                label: cultureLabel(culture),
              }))}
              value={draft.reportLanguage}
              onChange={(value) => {
                set('reportLanguage')(resolveCulture(value));
              }}
              isDisabled={working}
            />
            <Check
              checked={draft.includeContactInformation}
              onChange={set('includeContactInformation')}
              disabled={working}
            >
              {t('reports.includeContactInformation')}
            </Check>
            <fieldset className="reports-fieldset" disabled={working}>
              <legend>{t('reports.executiveSummary')}</legend>
              {EXECUTIVE_SUMMARY_OPTIONS.map((option) => (
                <Check
                  key={option}
                  checked={draft.executiveSummaryConfig[option]}
                  onChange={(on) => {
                    set('executiveSummaryConfig')({ ...draft.executiveSummaryConfig, [option]: on });
                  }}
                >
                  {t(OPTION_TEXT[option])}
                </Check>
              ))}
            </fieldset>
            <fieldset className="reports-fieldset" disabled={working}>
              <legend>{t('reports.summaryTables')}</legend>
              {SUMMARY_TABLE_OPTIONS.map((option) => (
                <Check
                  key={option}
                  checked={draft.summaryTablesConfig[option]}
                  onChange={(on) => {
                    set('summaryTablesConfig')({ ...draft.summaryTablesConfig, [option]: on });
                  }}
                >
                  {t(OPTION_TEXT[option])}
                </Check>
              ))}
            </fieldset>
            <Check
              checked={draft.includeLocalDisksDetailedAnalysis}
              onChange={set('includeLocalDisksDetailedAnalysis')}
              disabled={working}
            >
              {t('reports.includeLocalDisksDetailedAnalysis')}
            </Check>
            {draft.includeLocalDisksDetailedAnalysis && (
              <TextField
                label={t('reports.localDiskCount')}
                inputMode="numeric"
                value={draft.localDiskCount}
                filter={digitsOnly}
                onChange={set('localDiskCount')}
                maxLength={4}
                isDisabled={working}
              />
            )}
            {draft.includeLocalDisksDetailedAnalysis && localDiskWarning(localDisks) && (
              <p role="alert" className="reports-warning">
                {t('reports.localDiskWarning', { count: localDisks })}
              </p>
            )}
            <Check
              checked={draft.autoSelectSharedClusterDisks}
              onChange={set('autoSelectSharedClusterDisks')}
              disabled={working}
            >
              {t('reports.autoSelectSharedClusterDisks')}
            </Check>
            {lists.isPending ? (
              <Spinner label={t('reports.loadingServers')} showLabel />
            ) : lists.isError ? (
              <p role="alert">{t('reports.serversFailed')}</p>
            ) : (
              <ReportServerGrids
                servers={lists.data.ServerList}
                disks={lists.data.ClusterDiskList}
                selectedServers={draft.servers}
                onServersChange={(keys) => {
                  const { selection, refused: over } = limitServerSelection(draft.servers, keys);
                  setRefused(over);
                  set('servers')(selection);
                }}
                refused={refused}
                showDisks={!draft.autoSelectSharedClusterDisks}
                selectedDisks={draft.sharedClusterDisks}
                onDisksChange={(keys) => {
                  set('sharedClusterDisks')(keys);
                }}
              />
            )}
          </>
        )}
      </div>
    ),
  };

  const optionsForm = (
    <div className="reports-stack">
      <div className="reports-selects">
        <Select
          label={t('reports.region.label')}
          options={REPORT_REGIONS.map((region) => ({ id: region, label: t(REGION_TEXT[region]) }))}
          value={draft.region}
          onChange={(value) => {
            const region = REPORT_REGIONS.find((candidate) => candidate === value);
            if (region) set('region')(region);
          }}
          isDisabled={working}
        />
        <Select
          label={t('reports.currency')}
          options={REPORT_CURRENCIES.map((code) => ({ id: code, label: currencyLabel(code, i18n.locale) }))}
          value={draft.currencyCode}
          onChange={(value) => {
            if (value) set('currencyCode')(value);
          }}
          isDisabled={working}
        />
      </div>
      <Accordion storageKey={REPORTS_ACCORDION_STORAGE_KEY} isDisabled={working}>
        {REPORT_SECTIONS.map((section) => (
          <AccordionItem key={section} id={section} title={t(SECTION_TEXT[section])}>
            {sectionBody[section]}
          </AccordionItem>
        ))}
      </Accordion>
      {!canDownload && <p className="muted">{t('reports.chooseOne')}</p>}
      {status !== null && (
        <div role="status" className="reports-progress">
          <ProgressBar label={t(STATUS_TEXT[status.Status])} isIndeterminate />
        </div>
      )}
      {downloaded && (
        <p role="status" className="reports-done">
          {t('reports.downloaded')}
        </p>
      )}
    </div>
  );

  return (
    <Dialog
      isOpen
      size="large"
      title={t('reports.title')}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={(close) => (
        <>
          <Button
            variant="secondary"
            onPress={() => {
              close('action');
            }}
          >
            {downloaded ? t('reports.close') : t('reports.cancel')}
          </Button>
          <WorkingButton working={working} isDisabled={!canDownload} onPress={submit}>
            {t('reports.download')}
          </WorkingButton>
        </>
      )}
    >
      {optionsForm}
    </Dialog>
  );
}

function currencyLabel(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} – ${name}` : code;
  } catch {
    return code;
  }
}
