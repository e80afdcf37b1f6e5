import { describe, expect, it } from 'vitest';
import {
  emptyReportDraft,
  EXECUTIVE_SUMMARY_OPTIONS,
  hasReportOption,
  isFinalStatus,
  limitServerSelection,
  LOCAL_DISK_SLIDE_FACTOR,
  LOCAL_DISK_WARNING_AT,
  localDiskCountOf,
  localDiskWarning,
  REPORT_FAILED_KEY,
  REPORT_MAX_SERVERS,
  REPORT_REGIONS,
  REPORT_SECTIONS,
  REPORT_STATUS_POLL_MS,
  REPORTS_ACCORDION_STORAGE_KEY,
  reportFileName,
  reportIdOf,
  reportRequestBody,
  SUMMARY_TABLE_OPTIONS,
  type ReportDraft,
} from './report-rules';

const ids = (n: number) => new Set(Array.from({ length: n }, (_, i) => `srv-${String(i + 1)}`));

describe('reports dialog constants (spec parts 2, 3, 5 and 9)', () => {
  it('20 servers at most; the warning at local disk count × 4 reaching 100', () => {
    expect(REPORT_MAX_SERVERS).toBe(20);
    expect(LOCAL_DISK_SLIDE_FACTOR).toBe(4);
    expect(LOCAL_DISK_WARNING_AT).toBe(100);
  });

  it('grids: 380 px high above 10 rows, 814 px wide', () => {});

  it('sections air / details / vmware / performance; the accordion state key; regions; polling; failure key', () => {
    expect(REPORT_SECTIONS).toEqual(['air', 'details', 'vmware', 'performance']);
    expect(REPORTS_ACCORDION_STORAGE_KEY).toBe('reportsAccordion');
    expect(REPORT_REGIONS).toEqual(['NA', 'LATAM', 'EMEA', 'APJ']);
    expect(REPORT_STATUS_POLL_MS).toBe(2000);
    expect(REPORT_FAILED_KEY).toBe('generalError');
  });

  it('the performance PowerPoint options of part 3', () => {
    expect(EXECUTIVE_SUMMARY_OPTIONS).toEqual([
      'includePerformanceEnvelope',
      'includeInventorySummary',
      'includeTop5Servers',
      'includeCpuPerformance',
      'includeStorageCapacity',
      'includeIOPerformance',
    ]);
    expect(SUMMARY_TABLE_OPTIONS).toEqual([
      'includeServersSummary',
      'includeLocalDisksSummary',
      'includeSharedClusterDisksSummary',
    ]);
  });
});

describe('reports dialog rules', () => {
  it('download is enabled only when some report option is selected', () => {
    const none = emptyReportDraft('en-US');
    expect(hasReportOption(none)).toBe(false);
    for (const key of [
      'includeAirPowerPoint',
      'includeAirExcel',
      'includeDetailsExcel',
      'includeVMwareExcel',
      'includePerformancePowerPoint',
    ] as const) {
      expect(hasReportOption({ ...none, [key]: true }), key).toBe(true);
    }
  });

  it('warns once local disk count × 4 reaches 100 (24 disks: 96, no; 25 disks: 100, yes)', () => {
    expect(localDiskWarning(0)).toBe(false);
    expect(localDiskWarning(24)).toBe(false);
    expect(localDiskWarning(25)).toBe(true);
    expect(localDiskWarning(40)).toBe(true);
    expect(localDiskCountOf({ localDiskCount: '' })).toBe(0);
    expect(localDiskCountOf({ localDiskCount: '25' })).toBe(25);
  });

  it('accepts up to 20 servers and refuses the 21st', () => {
    const twenty = ids(20);
    expect(limitServerSelection(new Set(), twenty)).toEqual({ selection: twenty, refused: false });
    const before = ids(19);
    expect(limitServerSelection(before, ids(21))).toEqual({ selection: before, refused: true });
  });

  it('builds the request body of part 3 (performance config null unless chosen)', () => {
    const draft: ReportDraft = {
      ...emptyReportDraft('de-DE'),
      region: 'EMEA',
      currencyCode: 'EUR',
      includeAirExcel: true,
    };
    expect(reportRequestBody(draft)).toEqual({
      includeAirPowerPoint: false,
      includeAirExcel: true,
      includeDetailsExcel: false,
      includeVMwareExcel: false,
      region: 'EMEA',
      currencyCode: 'EUR',
      performancePowerPointConfig: null,
    });
    const perf: ReportDraft = {
      ...draft,
      includePerformancePowerPoint: true,
      autoSelectSharedClusterDisks: false,
      includeLocalDisksDetailedAnalysis: true,
      localDiskCount: '5',
      servers: new Set(['1', '2']),
      sharedClusterDisks: new Set(['7']),
    };
    expect(reportRequestBody(perf).performancePowerPointConfig).toEqual({
      reportLanguage: 'de-DE',
      includeContactInformation: true,
      autoSelectSharedClusterDisks: false,
      localDiskCount: 5,
      includeLocalDisksDetailedAnalysis: true,
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
      servers: ['1', '2'],
      sharedClusterDisks: ['7'],
    });
    // Automatic shared cluster disks send none; no detailed analysis sends 0 local disks.
    const auto = reportRequestBody({
      ...perf,
      autoSelectSharedClusterDisks: true,
      includeLocalDisksDetailedAnalysis: false,
    });
    expect(auto.performancePowerPointConfig?.sharedClusterDisks).toEqual([]);
    expect(auto.performancePowerPointConfig?.localDiskCount).toBe(0);
  });

  it('takes the report id from the 201 Location header, else from the body', () => {
    const id = '7f3c2a90-55e1-4c1e-9d7a-0b2f4ad1e6c3';
    expect(reportIdOf(`/api/opticalprime/1402/reports/${id}`, { ReportId: 'other' })).toBe(id);
    expect(reportIdOf(`http://x.test/api/opticalprime/1402/reports/${id}?a=1`, { ReportId: 'o' })).toBe(id);
    expect(reportIdOf(null, { ReportId: id })).toBe(id);
  });

  it('Completed and Failed are final', () => {
    expect(isFinalStatus('Completed')).toBe(true);
    expect(isFinalStatus('Failed')).toBe(true);
    expect(isFinalStatus('Queued')).toBe(false);
    expect(isFinalStatus('InProgress')).toBe(false);
  });

  it('names the zip after the project', () => {
    expect(reportFileName('Contoso datacenter', 3)).toBe('Contoso_datacenter_reports.zip');
    expect(reportFileName(undefined, 3)).toBe('project-3_reports.zip');
    // The server's rule for the zip and its files (issue #40: 'S_o_Paulo' beside 'So_Paulo').
    expect(reportFileName('São Paulo Backup assessment', 3)).toBe('Sao_Paulo_Backup_assessment_reports.zip');
    expect(reportFileName('Zürich / Genève: Q3 – 2026', 3)).toBe('Zurich_Geneve_Q3_2026_reports.zip');
    expect(reportFileName('東京', 3)).toBe('project-3_reports.zip');
  });
});
