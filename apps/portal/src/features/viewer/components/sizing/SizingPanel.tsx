import type { Sizing, SizingFigure, SizingServer, SizingShape, SizingVm } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { TextField } from '@/components/form';
import { FoldedDetails } from '@/components/FoldedDetails';
import { NativeSelect } from '@assessment/ui/native-select';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useState } from 'react';
import { formatNumber, useSectionTexts } from '@/lib/i18n/i18n';
import { projectSeriesSummaryQuery } from '../../api/get-project-series-summary';
import {
  SIZING_BASES,
  SIZING_NUMBERS,
  sizingNumber,
  type SizingBasis,
  type SizingNumber,
  type SizingSearch,
} from '@/lib/search/sizing-search';
import {
  sizingChoiceOf,
  sizingQuery,
  sizingSettingsQuery,
  useSaveSizingSettings,
  type SizingChoice,
} from './sizing-api';
import {
  BASIS_SHORT_TEXT,
  BASIS_TEXT,
  FIELD_TEXT,
  RESOURCE_TEXT,
  UNIT_TEXT,
  factorText,
  formatAmount,
  keepInteger,
} from './sizing-text';
import './sizing.css';

export interface SizingPanelProps {
  projectId: number;
  /** The viewer may save the settings with the project (owner, editors). */
  canEdit: boolean;
  /** The settings the URL carries (each left out: the saved one). */
  search: SizingSearch;
  /** Writes every setting to the URL (a link reproduces the view). */
  onChange: (next: SizingChoice) => void;
}

const NUMBER_FIELDS: readonly SizingNumber[] = ['headroom', 'growth', 'horizon'];
/** From this many servers the per-server table starts folded. */
const LONG_TABLE = 10;

/**
 * The sizing panel: basis, headroom, annual growth and horizon (in the URL, saved with the project by whoever may
 * edit it), the required IOPS, throughput, capacity, cores and memory with the formula written out beside each,
 * and per server the recommended shape of the catalogue with the shape totals. The numbers are the server's
 * (getProjectSizing), the same the reports' Sizing sheet and slide carry.
 */
export default function SizingPanel({ projectId, canEdit, search, onChange }: SizingPanelProps) {
  useSectionTexts('performance');
  const { _: t } = useLingui();
  const saved = useQuery(sizingSettingsQuery(projectId));
  const s = saved.data?.Settings;
  const choice: SizingChoice | null = s ? sizingChoiceOf(s, search) : null;
  return (
    <section className="sizing" aria-labelledby="sizing-title" aria-busy={choice === null}>
      <h2 id="sizing-title">{t('performance.sizing.title')}</h2>
      <p className="muted">{t('performance.sizing.intro')}</p>
      {saved.isError ? (
        <p role="alert">{t('performance.sizing.failed')}</p>
      ) : choice === null ? (
        <p className="muted">{t('performance.sizing.loading')}</p>
      ) : (
        <SizingBody
          projectId={projectId}
          canEdit={canEdit}
          choice={choice}
          savedChoice={
            saved.data?.Saved && s
              ? {
                  basis: s.Basis,
                  headroom: s.HeadroomPercent,
                  growth: s.GrowthPercent,
                  horizon: s.HorizonYears,
                }
              : null
          }
          onChange={onChange}
        />
      )}
    </section>
  );
}

function SizingBody({
  projectId,
  canEdit,
  choice,
  savedChoice,
  onChange,
}: {
  projectId: number;
  canEdit: boolean;
  choice: SizingChoice;
  savedChoice: SizingChoice | null;
  onChange: (next: SizingChoice) => void;
}) {
  const { _: t } = useLingui();
  // The typed texts (a field may hold something invalid for a moment: it is said, the URL keeps the last valid).
  const [drafts, setDrafts] = useState<Record<SizingNumber, string>>(() => ({
    headroom: String(choice.headroom),
    growth: String(choice.growth),
    horizon: String(choice.horizon),
  }));
  const invalid = NUMBER_FIELDS.filter((f) => sizingNumber(f, drafts[f]) === undefined);
  const sizing = useQuery({ ...sizingQuery(projectId, choice), placeholderData: keepPreviousData });
  // The figures are drawn from the answer's deferred copy: an answer reaches the panel in a render React must finish
  // at once (the query's store), one task of ~65 ms on a phone's CPU for the figures and every server's block; the
  // deferred render that draws them is split into short slices.
  const sizingData = useDeferredValue(sizing.data);
  // The whole collection's capacity rows (the viewer's own summary, cached): the formula names those of unknown use.
  const summary = useQuery(projectSeriesSummaryQuery(projectId, {}));
  const unknownUsed = summary.data?.Capacity.filter((c) => c.UsedBytes === null).length ?? 0;
  const save = useSaveSizingSettings();
  const [savedNow, setSavedNow] = useState<SizingChoice | null>(null);
  const same = (a: SizingChoice | null): boolean =>
    a !== null &&
    a.basis === choice.basis &&
    a.headroom === choice.headroom &&
    a.growth === choice.growth &&
    a.horizon === choice.horizon;
  const isSaved = same(savedNow) || same(savedChoice);
  const setNumber = (field: SizingNumber, text: string) => {
    setDrafts((d) => ({ ...d, [field]: text }));
    const n = sizingNumber(field, text);
    if (n !== undefined) onChange({ ...choice, [field]: n });
  };
  return (
    <>
      <div className="sizing-settings">
        <NativeSelect
          label={t('performance.sizing.basisLabel')}
          value={choice.basis}
          onChange={(value) => {
            onChange({ ...choice, basis: value as SizingBasis });
          }}
          options={SIZING_BASES.map((b) => ({ id: b, label: t(BASIS_TEXT[b]) }))}
        />
        {NUMBER_FIELDS.map((field) => {
          const { min, max } = SIZING_NUMBERS[field];
          return (
            <TextField
              key={field}
              label={t(FIELD_TEXT[field])}
              value={drafts[field]}
              onChange={(text) => {
                setNumber(field, text);
              }}
              filter={(text) => keepInteger(text, min < 0)}
              inputMode={min < 0 ? 'text' : 'numeric'}
              showHint={false}
              description={t('performance.sizing.bounds', { min, max })}
              isInvalid={invalid.includes(field)}
              errorMessage={t('performance.sizing.boundsError', { min, max })}
            />
          );
        })}
      </div>
      <p className="muted sizing-rule">{t('performance.sizing.rule')}</p>
      <div className="sizing-save">
        {canEdit ? (
          <Button
            isDisabled={invalid.length > 0 || isSaved}
            isPending={save.isPending}
            onPress={() => {
              const sent = choice;
              save.mutate(
                {
                  path: { id: projectId },
                  body: {
                    Basis: sent.basis,
                    HeadroomPercent: sent.headroom,
                    GrowthPercent: sent.growth,
                    HorizonYears: sent.horizon,
                  },
                },
                {
                  onSuccess: () => {
                    setSavedNow(sent);
                  },
                },
              );
            }}
          >
            {t('performance.sizing.save')}
          </Button>
        ) : null}
        <p role="status" className="muted">
          {isSaved ? t('performance.sizing.savedState') : t('performance.sizing.unsavedState')}
        </p>
      </div>
      <p aria-live="polite" className="muted sizing-updating">
        {/* Updating until the new answer is drawn (its deferred render), not only until it has arrived. */}
        {sizing.isFetching || sizingData !== sizing.data ? t('performance.sizing.updating') : null}
      </p>
      {sizing.isError ? (
        <p role="alert">{t('performance.sizing.failed')}</p>
      ) : sizingData ? (
        <SizingFigures sizing={sizingData} unknownUsed={unknownUsed} />
      ) : (
        <p className="muted">{t('performance.sizing.loading')}</p>
      )}
    </>
  );
}

/**
 * The required figures, per server and per VM. `unknownUsed`: the capacity rows whose used space is unknown (the
 * server counts them at their whole capacity; the formula says so, as the capacity table calls them Unknown).
 */
const SizingFigures = memo(function SizingFigures({
  sizing,
  unknownUsed,
}: {
  sizing: Sizing;
  unknownUsed: number;
}) {
  const { _: t, i18n } = useLingui();
  const locale = i18n.locale;
  const st = sizing.Settings;
  // Headroom × growth below 1 sizes below what is measured today (a negative growth): said, never silent.
  const factor = sizing.HeadroomFactor * sizing.GrowthFactor;
  const formula = (f: SizingFigure): string | null =>
    f.Basis === null || f.Required === null
      ? null
      : t('performance.sizing.formula', {
          basis:
            f.Resource !== 'capacity'
              ? t(BASIS_SHORT_TEXT[st.Basis])
              : unknownUsed > 0
                ? t('performance.sizing.short.usedUnknown', { count: unknownUsed })
                : t('performance.sizing.short.used'),
          value: formatAmount(f.Basis, f.Resource, locale),
          unit: t(UNIT_TEXT[f.Unit]),
          headroom: factorText(st.HeadroomPercent, locale),
          growth: factorText(st.GrowthPercent, locale),
          years: st.HorizonYears,
          required: formatAmount(f.Required, f.Resource, locale),
        });
  const shapes = new Map(sizing.Shapes.map((x) => [x.Id, x]));
  const shapeText = (shape: SizingShape | undefined): string =>
    shape
      ? t('performance.sizing.shapeDetail', {
          name: shape.Name,
          vcpu: shape.VCpu,
          memory: shape.MemoryGiB,
          disk: shape.DiskClass,
        })
      : t('performance.sizing.noShape');
  // A server's figure it has no samples of (the IOPS of a server without disks): no data, never 0.
  const noData = t('performance.noDataValue');
  const cell = (value: number | null, resource: SizingFigure['Resource']): string =>
    value === null ? noData : formatAmount(value, resource, locale);
  const columns: { id: string; header: string; cell: (s: SizingServer) => string }[] = [
    { id: 'cores', header: t('performance.sizing.col.cores'), cell: (s) => cell(s.Cores, 'cores') },
    { id: 'memory', header: t('performance.sizing.col.memory'), cell: (s) => cell(s.MemoryGiB, 'memory') },
    { id: 'iops', header: t('performance.chart.iops'), cell: (s) => cell(s.Iops, 'iops') },
    {
      id: 'throughput',
      header: t('performance.sizing.col.throughput'),
      cell: (s) => cell(s.ThroughputMBps, 'throughput'),
    },
    {
      id: 'shape',
      header: t('performance.sizing.col.shape'),
      cell: (s) =>
        s.Iops === null
          ? t('performance.sizing.noSamples')
          : s.Shape === null
            ? t('performance.sizing.noShape')
            : (shapes.get(s.Shape)?.Name ?? s.Shape),
    },
  ];
  return (
    <>
      <h3>{t('performance.sizing.required')}</h3>
      {factor < 1 && (
        <p className="sizing-below" data-testid="sizing-below">
          {t('performance.sizing.belowToday', {
            factor: formatNumber(factor, locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 }),
          })}
        </p>
      )}
      <dl className="sizing-figures">
        {sizing.Totals.map((f) => (
          <div key={f.Resource} className="sizing-figure" data-resource={f.Resource}>
            <dt>{t(RESOURCE_TEXT[f.Resource])}</dt>
            <dd>
              {f.Required === null ? (
                <strong className="sizing-required">{t('performance.sizing.noData')}</strong>
              ) : (
                <strong className="sizing-required">
                  <span className="sizing-value">{formatAmount(f.Required, f.Resource, locale)}</span>{' '}
                  {t(UNIT_TEXT[f.Unit])}
                </strong>
              )}
              <span className="sizing-formula">{formula(f)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <h3>{t('performance.sizing.servers')}</h3>
      <p className="muted">
        {t('performance.sizing.serversIntro', {
          basis: t(BASIS_SHORT_TEXT[st.Basis]),
          catalogue: sizing.Catalogue,
        })}
      </p>
      {/* A long table starts folded: the shape totals below are its total line. */}
      <FoldedDetails
        defaultOpen={sizing.Servers.length < LONG_TABLE}
        summary={t('performance.sizing.serversShow', { count: sizing.Servers.length })}
      >
        {() => (
          <table className="sizing-servers">
            <caption className="visually-hidden">{t('performance.sizing.servers')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('performance.server')}</th>
                {columns.map((c) => (
                  <th key={c.id} scope="col">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sizing.Servers.map((s) => (
                <tr key={s.NodeId} data-node={s.NodeId}>
                  <th scope="row">{s.Name}</th>
                  {columns.map((c) => (
                    <td key={c.id} data-label={c.header}>
                      {c.cell(s)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </FoldedDetails>
      <h3>{t('performance.sizing.shapeTotals')}</h3>
      <ul className="sizing-shape-totals">
        {sizing.ShapeTotals.map((x) => (
          <li key={x.Shape ?? 'none'}>
            {t('performance.sizing.shapeCount', {
              shape: shapeText(x.Shape === null ? undefined : shapes.get(x.Shape)),
              count: x.Count,
            })}
          </li>
        ))}
      </ul>
      {sizing.Vms && sizing.Vms.length > 0 && (
        <VmSizing sizing={sizing} vms={sizing.Vms} shapeName={(id) => shapes.get(id)?.Name ?? id} />
      )}
    </>
  );
});

/**
 * Per-VM right-sizing of a vSphere project (docs/sizing.md): the sums per cluster, and each VM's own figures × the
 * same factors (a VM without samples by its allocation, its I/O not measured) in a table folded behind the browser's
 * own disclosure: a 1,000-VM estate's table is opened on purpose, not scrolled past.
 */
function VmSizing({
  sizing,
  vms,
  shapeName,
}: {
  sizing: Sizing;
  vms: readonly SizingVm[];
  shapeName: (id: string) => string;
}) {
  const { _: t, i18n } = useLingui();
  const locale = i18n.locale;
  const amount = (value: number | null, resource: SizingFigure['Resource'], unknown: string): string =>
    value === null ? unknown : formatAmount(value, resource, locale);
  const notMeasured = t('performance.sizing.notMeasured');
  const noData = t('performance.sizing.noData');
  return (
    <section className="sizing-vms" aria-labelledby="sizing-vms-title">
      <h3 id="sizing-vms-title">{t('performance.sizing.vms', { count: vms.length })}</h3>
      <p className="muted">
        {t('performance.sizing.vmsIntro', { basis: t(BASIS_SHORT_TEXT[sizing.Settings.Basis]) })}
      </p>
      <ul className="sizing-vm-clusters">
        {(sizing.Clusters ?? []).map((c) => (
          <li key={c.ClusterId ?? 'none'}>
            {t('performance.sizing.vmCluster', {
              cluster: c.Name ?? t('performance.vms.noCluster'),
              vms: c.Vms,
              allocation: c.VmsByAllocation,
              cores: amount(c.Cores, 'cores', noData),
              memory: amount(c.MemoryGiB, 'memory', noData),
            })}
          </li>
        ))}
      </ul>
      <FoldedDetails summary={t('performance.sizing.vmsShow', { count: vms.length })}>
        {() => (
          <table className="sizing-servers sizing-vms-table">
            <caption className="visually-hidden">
              {t('performance.sizing.vms', { count: vms.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('performance.sizing.col.sizedBy')}</th>
                <th scope="col">{t('performance.sizing.col.cores')}</th>
                <th scope="col">{t('performance.sizing.col.memory')}</th>
                <th scope="col">{t('performance.chart.iops')}</th>
                <th scope="col">{t('performance.sizing.col.throughput')}</th>
                <th scope="col">{t('performance.sizing.col.shape')}</th>
              </tr>
            </thead>
            <tbody>
              {vms.map((v) => {
                const allocation = v.SizedBy === 'allocation';
                return (
                  <tr key={v.VmId} data-vm={v.VmId} data-sized-by={v.SizedBy}>
                    <th scope="row">{v.Name}</th>
                    <td data-label={t('performance.sizing.col.sizedBy')}>
                      {t(
                        allocation
                          ? 'performance.sizing.sizedBy.allocation'
                          : 'performance.sizing.sizedBy.samples',
                      )}
                    </td>
                    <td data-label={t('performance.sizing.col.cores')}>{amount(v.Cores, 'cores', noData)}</td>
                    <td data-label={t('performance.sizing.col.memory')}>
                      {amount(v.MemoryGiB, 'memory', noData)}
                    </td>
                    <td data-label={t('performance.chart.iops')}>
                      {amount(v.Iops, 'iops', allocation ? notMeasured : noData)}
                    </td>
                    <td data-label={t('performance.sizing.col.throughput')}>
                      {amount(v.ThroughputMBps, 'throughput', allocation ? notMeasured : noData)}
                    </td>
                    <td data-label={t('performance.sizing.col.shape')}>
                      {v.Shape === null ? t('performance.sizing.noShape') : shapeName(v.Shape)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </FoldedDetails>
    </section>
  );
}
