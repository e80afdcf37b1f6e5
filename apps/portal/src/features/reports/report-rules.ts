// The rules of the reports dialog (ReportsModal; spec parts 3, 4, 5 and 9) as pure data and functions.
// The contract's enums and message keys come from the SDK (its runtime chunk, which every page loads already).
import { MessageKey, zReportRegion } from '@assessment/sdk';
import type {
  ExecutiveSummaryConfig,
  ReportRegion,
  ReportRequest,
  ReportStatus,
  SummaryTablesConfig,
} from '@assessment/sdk';
import type { LanguageCulture } from '@/lib/i18n/i18n';

/** At most 20 servers in the performance report (spec parts 5 and 9). */
export const REPORT_MAX_SERVERS = 20;
/** Each local disk analysed in detail adds 4 slides (spec parts 5 and 9: "local disk count times 4"). */
export const LOCAL_DISK_SLIDE_FACTOR = 4;
/** The warning shows once local disk count × 4 reaches 100 (spec parts 5 and 9). */
export const LOCAL_DISK_WARNING_AT = 100;
/**
 * localStorage key of the open accordion sections (spec part 9: "Accordion state persisted in local storage";
 * the spec names no key, so the dialog's own name is used).
 */
export const REPORTS_ACCORDION_STORAGE_KEY = 'reportsAccordion';
/** The accordion sections, in the dialog's order (spec part 2). */
export const REPORT_SECTIONS = ['air', 'details', 'vmware', 'performance'] as const;
export type ReportSectionId = (typeof REPORT_SECTIONS)[number];
/** Regions of the report request (the contract's ReportRegion). */
export const REPORT_REGIONS: readonly ReportRegion[] = zReportRegion.options;
export type Region = ReportRegion;
/** Currencies offered (ISO 4217; the contract accepts any three-letter code). */
export const REPORT_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'JPY',
  'CNY',
  'INR',
  'AUD',
  'CAD',
  'BRL',
] as const;
/**
 * Status polling interval when the pushed events (SSE) are not available (the spec gives none: short enough for a
 * report that takes seconds, long enough not to load the server).
 */
export const REPORT_STATUS_POLL_MS = 2000;
/** The message key shown when a report ends in a status other than Completed without its own key (spec part 8). */
export const REPORT_FAILED_KEY = MessageKey.GENERAL_ERROR;

export const EXECUTIVE_SUMMARY_OPTIONS = [
  'includePerformanceEnvelope',
  'includeInventorySummary',
  'includeTop5Servers',
  'includeCpuPerformance',
  'includeStorageCapacity',
  'includeIOPerformance',
] as const satisfies readonly (keyof ExecutiveSummaryConfig)[];

export const SUMMARY_TABLE_OPTIONS = [
  'includeServersSummary',
  'includeLocalDisksSummary',
  'includeSharedClusterDisksSummary',
] as const satisfies readonly (keyof SummaryTablesConfig)[];

/** What the person chose in the dialog. */
export interface ReportDraft {
  region: Region;
  currencyCode: string;
  includeAirPowerPoint: boolean;
  includeAirExcel: boolean;
  includeDetailsExcel: boolean;
  includeVMwareExcel: boolean;
  /** The performance PowerPoint (part 3's performancePowerPointConfig) is requested. */
  includePerformancePowerPoint: boolean;
  reportLanguage: LanguageCulture;
  includeContactInformation: boolean;
  autoSelectSharedClusterDisks: boolean;
  includeLocalDisksDetailedAnalysis: boolean;
  /** The number typed (digits only); '' counts as 0. */
  localDiskCount: string;
  executiveSummaryConfig: ExecutiveSummaryConfig;
  summaryTablesConfig: SummaryTablesConfig;
  servers: ReadonlySet<string>;
  sharedClusterDisks: ReadonlySet<string>;
}

export function emptyReportDraft(reportLanguage: LanguageCulture): ReportDraft {
  return {
    region: 'NA',
    currencyCode: 'USD',
    includeAirPowerPoint: false,
    includeAirExcel: false,
    includeDetailsExcel: false,
    includeVMwareExcel: false,
    includePerformancePowerPoint: false,
    reportLanguage,
    includeContactInformation: true,
    autoSelectSharedClusterDisks: true,
    includeLocalDisksDetailedAnalysis: false,
    localDiskCount: '0',
    executiveSummaryConfig: {
      includePerformanceEnvelope: true,
      includeInventorySummary: true,
      includeTop5Servers: true,
      includeCpuPerformance: true,
      includeStorageCapacity: true,
      includeIOPerformance: true,
    },
    summaryTablesConfig: {
      includeServersSummary: true,
      includeLocalDisksSummary: true,
      includeSharedClusterDisksSummary: true,
    },
    servers: new Set(),
    sharedClusterDisks: new Set(),
  };
}

/** Download is enabled only when some report option is selected (spec part 5). */
export function hasReportOption(draft: ReportDraft): boolean {
  return (
    draft.includeAirPowerPoint ||
    draft.includeAirExcel ||
    draft.includeDetailsExcel ||
    draft.includeVMwareExcel ||
    draft.includePerformancePowerPoint
  );
}

export function localDiskCountOf(draft: Pick<ReportDraft, 'localDiskCount'>): number {
  const n = Number.parseInt(draft.localDiskCount, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The warning of spec parts 5 and 9: local disk count × 4 reaches 100. */
export function localDiskWarning(localDiskCount: number): boolean {
  return localDiskCount * LOCAL_DISK_SLIDE_FACTOR >= LOCAL_DISK_WARNING_AT;
}

/**
 * A change of the server selection: accepted while it stays within 20 servers (spec part 5), otherwise the previous
 * selection stays and `refused` tells the dialog to say why.
 */
export function limitServerSelection(
  previous: ReadonlySet<string>,
  next: ReadonlySet<string>,
): { selection: ReadonlySet<string>; refused: boolean } {
  return next.size > REPORT_MAX_SERVERS
    ? { selection: previous, refused: true }
    : { selection: next, refused: false };
}

/** The request body (part 3's Report request); the performance config is null unless its PowerPoint is chosen. */
export function reportRequestBody(draft: ReportDraft): ReportRequest {
  return {
    includeAirPowerPoint: draft.includeAirPowerPoint,
    includeAirExcel: draft.includeAirExcel,
    includeDetailsExcel: draft.includeDetailsExcel,
    includeVMwareExcel: draft.includeVMwareExcel,
    region: draft.region,
    currencyCode: draft.currencyCode,
    performancePowerPointConfig: draft.includePerformancePowerPoint
      ? {
          reportLanguage: draft.reportLanguage,
          includeContactInformation: draft.includeContactInformation,
          autoSelectSharedClusterDisks: draft.autoSelectSharedClusterDisks,
          localDiskCount: draft.includeLocalDisksDetailedAnalysis ? localDiskCountOf(draft) : 0,
          includeLocalDisksDetailedAnalysis: draft.includeLocalDisksDetailedAnalysis,
          executiveSummaryConfig: { ...draft.executiveSummaryConfig },
          summaryTablesConfig: { ...draft.summaryTablesConfig },
          servers: [...draft.servers],
          sharedClusterDisks: draft.autoSelectSharedClusterDisks ? [] : [...draft.sharedClusterDisks],
        }
      : null,
  };
}

/** Completed and Failed are final (the contract's ReportStatusValue). */
export function isFinalStatus(status: ReportStatus['Status']): boolean {
  return status === 'Completed' || status === 'Failed';
}

/** The report id of a 201's Location header (…/reports/{reportId}), else the body's ReportId. */
export function reportIdOf(
  location: string | null | undefined,
  body: Pick<ReportStatus, 'ReportId'>,
): string {
  const fromLocation = location ? /\/reports\/([^/?#]+)\/?(?:[?#].*)?$/.exec(location)?.[1] : undefined;
  return fromLocation ? decodeURIComponent(fromLocation) : body.ReportId;
}

/**
 * The zip's file name, by the rule the server names the zip and the files inside it (the demo API's safeName):
 * letters lose their accents ("São Paulo" → "Sao_Paulo"), anything else outside A–Z, 0–9, ".", "_" and "-" is left
 * out, spaces become "_", at most 60 characters.
 */
export function reportFileName(projectName: string | undefined, projectId: number): string {
  const base =
    (projectName ?? '')
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^A-Za-z0-9._ -]+/g, '')
      .trim()
      .replace(/\s+/g, '_')
      .slice(0, 60) || `project-${String(projectId)}`;
  return `${base}_reports.zip`;
}
