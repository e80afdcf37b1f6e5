import type { CollectorRunStatus } from '@assessment/sdk';
import { zCollectorRunStatus } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { TextField } from '@/components/form';
import { NativeSelect } from '@assessment/ui/native-select';
import { useLingui } from '@lingui/react';
import { lazy, Suspense, useState } from 'react';
import { isValidEmail } from '@/lib/validation/email';
import type { CollectorRunParams } from '../search';
import { runStatusText } from '@/lib/runs/run-status';

/** The filters of the run search as the URL keeps them (the contract's query plus the advanced toggle). */
export interface RunFilters {
  myCollectorRunsOnly: boolean;
  advanced: boolean;
  ownerEmail: string | undefined;
  status: CollectorRunStatus | undefined;
  includeArchived: boolean | undefined;
  endedAfter: string | undefined;
  endedBefore: string | undefined;
}

export interface RunSearchFiltersProps {
  query: CollectorRunParams;
  advanced: boolean;
  onSearch: (filters: RunFilters) => void;
  /** Shows a server message (invalid_email). */
  showMessage: (key: string) => void;
}

// The date pickers (calendar, date field, date maths) load when the advanced search opens, not with the page.
const RunDateRange = lazy(() => import('./RunDateRange').then((m) => ({ default: m.RunDateRange })));

/**
 * My-collector-runs-only and the advanced search (spec parts 2 and 9): the owner's exact email, status, archived
 * runs and the end-date range on the kit's DatePicker in the chosen culture (mm/dd/yy in English; Sunday first, nothing after today).
 */
export function RunSearchFilters({ query, advanced, onSearch, showMessage }: RunSearchFiltersProps) {
  const { _: t } = useLingui();
  const [mine, setMine] = useState(query.myCollectorRunsOnly);
  const [showAdvanced, setShowAdvanced] = useState(advanced);
  const [ownerEmail, setOwnerEmail] = useState(query.ownerEmail ?? '');
  const [status, setStatus] = useState<string>(query.status ?? '');
  const [includeArchived, setIncludeArchived] = useState(query.includeArchived);
  const [endedAfter, setEndedAfter] = useState(query.endedAfter);
  const [endedBefore, setEndedBefore] = useState(query.endedBefore);
  const statusOptions = [
    { id: '', label: t('runSearch.anyStatus') },
    ...zCollectorRunStatus.options.map((value) => ({ id: value, label: t(runStatusText(value)) })),
  ];

  return (
    <form
      className="filters run-filters"
      // The email rule of part 5 answers with invalid_email, not the browser's own bubble.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const email = ownerEmail.trim();
        if (showAdvanced && email !== '' && !isValidEmail(email)) {
          showMessage('invalid_email');
          return;
        }
        const chosenStatus = zCollectorRunStatus.safeParse(status);
        onSearch({
          myCollectorRunsOnly: mine,
          advanced: showAdvanced,
          ownerEmail: showAdvanced && email !== '' ? email : undefined,
          status: showAdvanced && chosenStatus.success ? chosenStatus.data : undefined,
          includeArchived: showAdvanced ? includeArchived : undefined,
          endedAfter: showAdvanced ? endedAfter : undefined,
          endedBefore: showAdvanced ? endedBefore : undefined,
        });
      }}
    >
      <label className="checkbox">
        <input
          type="checkbox"
          checked={mine}
          onChange={(event) => {
            setMine(event.target.checked);
          }}
        />
        {t('runSearch.mineOnly')}
      </label>
      <Button
        variant="link"
        aria-expanded={showAdvanced}
        aria-controls="advanced-search"
        onPress={() => {
          setShowAdvanced(!showAdvanced);
        }}
      >
        {t('runSearch.advanced')}
      </Button>
      <div id="advanced-search" hidden={!showAdvanced} className="advanced">
        <TextField
          label={t('runSearch.ownerEmail')}
          // Text with an email keyboard: the part 5 rule checks it on submit (the browser's email check would
          // block the submit silently instead of answering invalid_email).
          inputMode="email"
          autoComplete="email"
          value={ownerEmail}
          onChange={setOwnerEmail}
          showHint={false}
        />
        <NativeSelect
          label={t('columns.status')}
          options={statusOptions}
          value={status}
          onChange={setStatus}
        />
        {showAdvanced && (
          <Suspense fallback={null}>
            <RunDateRange
              endedAfter={endedAfter}
              endedBefore={endedBefore}
              onEndedAfterChange={setEndedAfter}
              onEndedBeforeChange={setEndedBefore}
            />
          </Suspense>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={includeArchived}
            onChange={(event) => {
              setIncludeArchived(event.target.checked);
            }}
          />
          {t('runSearch.includeArchived')}
        </label>
      </div>
      <Button type="submit">{t('runSearch.submit')}</Button>
    </form>
  );
}
