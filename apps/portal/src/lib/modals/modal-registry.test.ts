import { zModalName } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { CLIENT_PAGE_MODALS, isClientPageModal } from './client-modals';
import {
  MODAL_NOT_ALLOWED_KEY,
  PAGE_LOAD_MODALS,
  TERMS_MODALS,
  isTermsModal,
  urlWithoutModalParams,
} from './modal-registry';

describe('modal registry (spec part 2)', () => {
  it('the contract names every modal of the spec (ProjectReassign{provider} as ProjectReassignDell)', () => {
    expect([...zModalName.options]).toEqual([
      'addtoproject',
      'addcollector',
      'archivecollectorrun',
      'shareproject',
      'publishproject',
      'ProjectReassignDell',
      'Language',
      'Country',
      'DisableUser',
      'DownloadLink',
      'CreatePSSRequest',
      'ErrorSuccessModal',
      'ReportsModal',
      'EULANeeded',
      'PartnerTCNeeded',
      'CollectorInfo',
    ]);
  });

  it('names the page-load and terms modals and the not-allowed key', () => {
    expect([...PAGE_LOAD_MODALS]).toEqual(['EULANeeded', 'PartnerTCNeeded', 'CollectorInfo']);
    for (const name of PAGE_LOAD_MODALS) expect(zModalName.safeParse(name).success, name).toBe(true);
    expect([...TERMS_MODALS]).toEqual(['EULANeeded', 'PartnerTCNeeded']);
    expect(MODAL_NOT_ALLOWED_KEY).toBe('operationnotallowed');
  });

  it('CollectorInfo alone is rendered by the portal (the collector download dialog), not loaded from /modal', () => {
    expect([...CLIENT_PAGE_MODALS]).toEqual(['CollectorInfo']);
    expect(isClientPageModal('CollectorInfo')).toBe(true);
    for (const name of ['EULANeeded', 'PartnerTCNeeded', 'addcollector', 'DownloadLink', 'collectorinfo'])
      expect(isClientPageModal(name), name).toBe(false);
  });

  it('recognises the page-load and terms modals', () => {
    expect(isTermsModal('EULANeeded')).toBe(true);
    expect(isTermsModal('PartnerTCNeeded')).toBe(true);
    expect(isTermsModal('CollectorInfo')).toBe(false);
  });
});

describe('urlWithoutModalParams', () => {
  it('drops modal, modalsize and modal-clear and keeps the rest', () => {
    expect(
      urlWithoutModalParams({
        pathname: '/account/PartnerTCNeeded',
        search: '?modal=PartnerTCNeeded&modalsize=large&modal-clear=true&x=1',
        hash: '',
      }),
    ).toBe('/account/PartnerTCNeeded?x=1');
    expect(
      urlWithoutModalParams({ pathname: '/dashboard', search: '?modal=CollectorInfo', hash: '#a' }),
    ).toBe('/dashboard#a');
  });
});
