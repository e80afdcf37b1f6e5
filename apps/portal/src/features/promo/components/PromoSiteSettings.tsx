import type { PromoLogoFor, PromoSite } from '@assessment/sdk';
import { FileDropZone } from '@assessment/ui/file-drop-zone';
import { NativeSelect } from '@assessment/ui/native-select';
import { Spinner } from '@assessment/ui/progress';
import { useLingui } from '@lingui/react';
import { useEffect, useId, useState } from 'react';
import { WorkingButton } from '@/components/WorkingButton';
import { formatNumber } from '@/lib/i18n/i18n';
import { useDeletePromoLogo } from '../api/delete-promo-logo';
import { usePromoLogoStatus } from '../api/get-promo-logo-status';
import { useTogglePromoSite } from '../api/toggle-promo-site';
import { useUploadPromoLogo } from '../api/upload-promo-logo';
import { LOGO_EXTENSIONS, LOGO_MAX_KB, logoFileError, type LogoFileError } from '../promo-rules';

export interface PromoSiteSettingsProps {
  site: PromoSite;
  /** Team admins (and internal staff) may change the site; everyone else sees it read-only. */
  mayEdit: boolean;
}

const LOGO_SLOTS: readonly PromoLogoFor[] = ['header', 'email'];

/**
 * The promo-site settings form: the active toggle (active shows step two and the promo URL; a failed toggle
 * reverts to inactive), the logo upload (jpg, jpeg, png or gif of at most 1024 KB) with a preview, its status
 * polled every 5 s until ready or failed, and the logo's deletion.
 */
export function PromoSiteSettings({ site, mayEdit }: PromoSiteSettingsProps) {
  const { i18n, _: t } = useLingui();
  // The limit in the reader's culture through Intl's unit format ("1,024 kB", "1.024 kB", "1 024 ko").
  const maxSize = formatNumber(LOGO_MAX_KB, i18n.locale, { style: 'unit', unit: 'kilobyte' });
  const id = useId();
  const toggle = useTogglePromoSite();
  const upload = useUploadPromoLogo();
  const remove = useDeletePromoLogo();
  const [active, setActive] = useState(site.IsActive);
  const [serverActive, setServerActive] = useState(site.IsActive);
  if (serverActive !== site.IsActive) {
    setServerActive(site.IsActive);
    setActive(site.IsActive);
  }
  const [logoFor, setLogoFor] = useState<PromoLogoFor>(site.LogoFor);
  const [fileError, setFileError] = useState<LogoFileError | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const status = usePromoLogoStatus(site.PromoSiteId, uploaded);
  const logoStatus = status.data?.Data.Status;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const changeActive = (next: boolean) => {
    setActive(next);
    toggle.mutate(
      { path: { active: next, siteId: site.PromoSiteId, logoFor } },
      {
        // A refused or failed toggle reverts to inactive (spec part 4).
        onError: () => {
          setActive(false);
        },
      },
    );
  };

  const chooseLogo = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const error = logoFileError(file);
    setFileError(error);
    if (error) return;
    setPreview(URL.createObjectURL(file));
    setUploaded(false);
    upload.mutate(
      { body: { file, promoSiteId: site.PromoSiteId, logoFor } },
      {
        onSuccess: () => {
          setUploaded(true);
        },
      },
    );
  };

  const deleteLogo = () => {
    remove.mutate(
      { path: { siteId: site.PromoSiteId, logoFor } },
      {
        onSuccess: () => {
          setUploaded(false);
          setPreview(null);
        },
      },
    );
  };

  const logoUrl = logoStatus === 'Ready' ? (status.data?.Data.Logo ?? null) : uploaded ? null : site.Logo;
  const shownLogo = logoUrl ?? preview;
  const statusText =
    logoStatus === 'Processing'
      ? t('promo.status.Processing')
      : logoStatus === 'Ready'
        ? t('promo.status.Ready')
        : logoStatus === 'Failed'
          ? t('promo.status.Failed')
          : null;

  return (
    <section className="promo-site stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{site.Alias}</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          checked={active}
          disabled={!mayEdit || toggle.isPending}
          aria-describedby={mayEdit ? undefined : `${id}-readonly`}
          onChange={(event) => {
            changeActive(event.currentTarget.checked);
          }}
        />
        {t('promo.active')}
        {toggle.isPending && <Spinner size="small" label={t('projects.working')} />}
      </label>
      {!mayEdit && (
        <p id={`${id}-readonly`} className="muted">
          {t('promo.readOnly')}
        </p>
      )}
      {active && (
        <div className="stack" data-testid="promo-step-two">
          <h3>{t('promo.stepTwo')}</h3>
          <p>
            {t('promo.url')}{' '}
            {site.PromoUrl ? (
              <a href={site.PromoUrl} target="_blank" rel="noreferrer">
                {site.PromoUrl}
              </a>
            ) : (
              t('promo.noUrl')
            )}
          </p>
          <NativeSelect
            label={t('promo.logoFor')}
            options={LOGO_SLOTS.map((slot) => ({ id: slot, label: t(`promo.slot.${slot}`) }))}
            value={logoFor}
            isDisabled={!mayEdit}
            onChange={(value) => {
              setLogoFor(value === 'email' ? 'email' : 'header');
            }}
          />
          {mayEdit && (
            <FileDropZone
              items={[]}
              allowsMultiple={false}
              isDisabled={upload.isPending}
              onFilesAccepted={chooseLogo}
              labels={{
                zone: t('promo.dropZone'),
                instructions: t('promo.dropInstructions'),
                browse: t('promo.browse'),
                limits: () =>
                  t('promo.limits', {
                    extensions: LOGO_EXTENSIONS.map((e) => `.${e}`).join(', '),
                    max: maxSize,
                  }),
                queue: t('promo.queue'),
                summary: () => '',
              }}
            />
          )}
          {fileError && (
            <p role="alert" className="upload-alert" data-error={fileError}>
              {fileError === 'type' ? t('promo.typeError') : t('promo.sizeError', { max: maxSize })}
            </p>
          )}
          {upload.isPending && <p role="status">{t('promo.uploading')}</p>}
          {statusText && (
            <p role="status" data-status={logoStatus}>
              {statusText}
            </p>
          )}
          {shownLogo && (
            <figure className="promo-logo">
              <img src={shownLogo} alt={t('promo.preview', { name: site.Alias })} width={160} />
            </figure>
          )}
          {mayEdit && (site.Logo !== null || uploaded) && (
            <div className="toolbar">
              <WorkingButton variant="secondary" working={remove.isPending} onPress={deleteLogo}>
                {t('promo.deleteLogo')}
              </WorkingButton>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
