import type { UploadType } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { textOr } from '@/lib/i18n/i18n';

export interface TypeStepProps {
  types: readonly UploadType[];
  value: UploadType | null;
  onChange: (type: UploadType) => void;
  /** True while the files of the previous type are deleted on the server. */
  isDisabled: boolean;
}

/** Step 1: server or storage protection (the upload settings' UploadTypes, as translated words). */
export function TypeStep({ types, value, onChange, isDisabled }: TypeStepProps) {
  const { _: t } = useLingui();
  return (
    <fieldset className="upload-types" disabled={isDisabled}>
      <legend>{t('upload.type')}</legend>
      {types.map((type) => (
        <label key={type} className="upload-type">
          <input
            type="radio"
            name="uploadType"
            value={type}
            checked={value === type}
            onChange={() => {
              onChange(type);
            }}
          />{' '}
          {textOr(`upload.types.${type}`, t('upload.types.server'))}
        </label>
      ))}
      {value !== null && <p className="upload-hint">{t('upload.typeChangeHint')}</p>}
    </fieldset>
  );
}
