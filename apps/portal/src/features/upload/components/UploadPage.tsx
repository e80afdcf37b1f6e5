import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { formatNumber } from '@/lib/i18n/i18n';
import { textOr } from '@/lib/i18n/i18n';
import { uploadSettingsQuery } from '../api/get-upload-settings';

/**
 * /collectorruns/Upload-Iokit: the upload stepper arrives with the upload feature; this shell shows its steps and
 * the server's limits read-only.
 */
export function UploadPage() {
  const { _: t } = useLingui();
  const { data } = useSuspenseQuery(uploadSettingsQuery());
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('upload.title')}</h1>
      <ol className="steps" aria-label={t('upload.steps')}>
        <li aria-current="step">{t('upload.stepType')}</li>
        <li>{t('upload.stepName')}</li>
        <li>{t('upload.stepFiles')}</li>
      </ol>
      <dl className="facts">
        <dt>{t('upload.type')}</dt>
        <dd>{data.UploadTypes.map((type) => textOr(`upload.types.${type}`, type)).join(', ')}</dd>
        <dt>{t('upload.extensions')}</dt>
        <dd>{data.AllowedExtensions.map((extension) => `.${extension}`).join(', ')}</dd>
        <dt>{t('upload.maxFile')}</dt>
        <dd>{formatNumber(data.MaxFileSizeMb)} MB</dd>
        <dt>{t('upload.maxCombined')}</dt>
        <dd>{formatNumber(data.MaxCombinedSizeMb)} MB</dd>
      </dl>
    </section>
  );
}
