import { describe, expect, it } from 'vitest';
import {
  ACTION_MODALS,
  MODAL_NOT_ALLOWED_KEY,
  PAGE_LOAD_MODALS,
  TERMS_MODALS,
  concreteModalNames,
  isPageLoadModal,
  isTermsModal,
  modalPath,
  projectReassignModal,
  urlWithoutModalParams,
  withoutModalParams,
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

  it('builds /modal/{name} with an optional query string', () => {
    expect(modalPath('shareproject')).toBe('/modal/shareproject');
    expect(modalPath('shareproject', { projectId: 4, anonymous: true })).toBe('/modal/shareproject?projectId=4&anonymous=true');
    expect(modalPath('DownloadLink', '?id=3')).toBe('/modal/DownloadLink?id=3');
    expect(modalPath('Language', {})).toBe('/modal/Language');
  });

  it('recognises the page-load and terms modals', () => {
    expect(isPageLoadModal('CollectorInfo')).toBe(true);
    expect(isPageLoadModal('shareproject')).toBe(false);
    expect(isTermsModal('EULANeeded')).toBe(true);
    expect(isTermsModal('PartnerTCNeeded')).toBe(true);
    expect(isTermsModal('CollectorInfo')).toBe(false);
  });

  it('modal-clear removes the modal parameters and keeps the others', () => {
    expect(withoutModalParams({ modal: 'CollectorInfo', modalsize: 'large', 'modal-clear': true, verified: true })).toEqual({
      verified: true,
    });
  });
});

describe('urlWithoutModalParams', () => {
  it('drops modal, modalsize and modal-clear and keeps the rest', () => {
    expect(
      urlWithoutModalParams({ pathname: '/account/PartnerTCNeeded', search: '?modal=PartnerTCNeeded&modalsize=large&modal-clear=true&x=1', hash: '' }),
    ).toBe('/account/PartnerTCNeeded?x=1');
    expect(urlWithoutModalParams({ pathname: '/dashboard', search: '?modal=CollectorInfo', hash: '#a' })).toBe('/dashboard#a');
  });
});
