import { zModalName } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import {
  ACTION_MODALS,
  MODAL_NOT_ALLOWED_KEY,
  PAGE_LOAD_MODALS,
  TERMS_MODALS,
  concreteModalNames,
  isTermsModal,
  projectReassignModal,
  urlWithoutModalParams,
} from './modal-registry';

describe('modal registry (spec part 2)', () => {
  it('names every modal of the spec', () => {
    expect([...ACTION_MODALS]).toEqual([
      'addtoproject',
      'addcollector',
      'archivecollectorrun',
      'shareproject',
      'publishproject',
      'ProjectReassign{provider}',
      'Language',
      'Country',
      'DisableUser',
      'DownloadLink',
      'CreatePSSRequest',
      'ErrorSuccessModal',
      'ReportsModal',
    ]);
    expect([...PAGE_LOAD_MODALS]).toEqual(['EULANeeded', 'PartnerTCNeeded', 'CollectorInfo']);
    expect([...TERMS_MODALS]).toEqual(['EULANeeded', 'PartnerTCNeeded']);
    expect(MODAL_NOT_ALLOWED_KEY).toBe('operationnotallowed');
  });

  it('resolves the provider of ProjectReassign{provider}', () => {
    expect(projectReassignModal()).toBe('ProjectReassignDell');
    expect(projectReassignModal('Acme')).toBe('ProjectReassignAcme');
    expect(concreteModalNames()).toContain('ProjectReassignDell');
    expect(concreteModalNames()).toHaveLength(16);
  });

  it('every concrete name is a modal of the contract (GET /modal/{name})', () => {
    for (const name of concreteModalNames()) expect(zModalName.safeParse(name).success, name).toBe(true);
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
